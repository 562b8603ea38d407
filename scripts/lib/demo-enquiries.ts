/**
 * Believable enquiries over the last ten weeks, both forms, every delivery state, some followed up
 * minutes or hours after they arrived and some still waiting, and buyers who wrote more than once,
 * so the inbox, its filters, its response-time figures and its chart have something to show
 * locally (`npm run seed`), in the browser tests and in `npm run bench:load` (20,000 of them).
 * Deterministic for a given "now", so the same seed looks the same on every machine.
 *
 * Each carries a delivery record already, as admission control writes it (contact keys, and a
 * first contact still awaited), so the running functions leave them alone (no emails); the weekly
 * response-time histograms get the seeded answers, as the functions would have recorded them.
 */
import { MINUTE_MS, DAY_MS } from '../../functions/src/contract/base/time';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { contactKeysOf } from '../../functions/src/contract/enquiry/contact-keys';
import { BUSINESS_OPTIONS } from '../../functions/src/contract/enquiry/enquiry';
import { newEnquiryId } from '../../functions/src/contract/enquiry/enquiry-id';
import type { DeliveryState, HeldReason } from '../../functions/src/contract/delivery/delivery';
import { formatIndiaDateTime } from '../../functions/src/contract/base/india-time';
import {
  readResponseStats,
  responseBucket,
  responseWeek,
} from '../../functions/src/contract/delivery/response-times';
import { refreshReplySpeed } from '../../functions/src/enquiry/reply-speed';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
  type EnquiryCollection,
  RESPONSE_STATS_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';

export type DemoEnquiry = {
  collection: EnquiryCollection;
  id: string;
  createdAt: Date;
  fields: Record<string, string>;
  notification: {
    state: DeliveryState;
    attempts: number;
    lastError: string | null;
    sentAt: Date | null;
    heldReason?: HeldReason;
    duplicateOf?: string;
    digest?: string;
  };
  followUp: { status: string; note: string; at: Date; firstContactAt: Date } | null;
};

/** The demo's buyers: in India (ten digits, as stored) and abroad (E.164), each with their time zone. */
const PEOPLE = [
  ['Priya Raman', 'Glow Salon', 'Chennai', '9840012345', 'priya@glowsalon.in', 'Asia/Kolkata'],
  ['Adaeze Okafor', 'Lagos Hair Hub', 'Lagos', '+2348012345678', 'adaeze@lagoshairhub.ng', 'Africa/Lagos'],
  [
    'Mohammed Al Farsi',
    'Gulf Beauty Trading',
    'Dubai',
    '+971501234567',
    'mfarsi@gulfbeauty.ae',
    'Asia/Dubai',
  ],
  ['Karthik Subramanian', '', 'Coimbatore', '9443012345', 'karthik.s@gmail.com', 'Asia/Calcutta'],
  [
    'Jessica Brown',
    'Luxe Strands LLC',
    'Atlanta',
    '+14045550123',
    'jess@luxestrands.com',
    'America/New_York',
  ],
  ['Anjali Mehta', 'Mehta Exports', 'Mumbai', '9820012345', 'anjali@mehtaexports.in', 'Asia/Kolkata'],
  [
    'Chen Wei',
    'Silk Road Hair Co',
    'Guangzhou',
    '+8613800138000',
    'chenwei@silkroadhair.cn',
    'Asia/Shanghai',
  ],
  ['Fatima Bello', '', 'Abuja', '+2348031234567', 'fatima.bello@yahoo.com', 'Africa/Lagos'],
  ['Rahul Verma', 'Verma Salon Supplies', 'Delhi', '9811012345', 'rahul@vermasupplies.in', 'Asia/Kolkata'],
  ['Sophie Martin', 'Maison Cheveux', 'Paris', '+33612345678', 'sophie@maisoncheveux.fr', 'Europe/Paris'],
  [
    'Lakshmi Narayanan',
    'Temple Tresses',
    'Madurai',
    '9442012345',
    'lakshmi.narayanan@templetresses.in',
    'Asia/Kolkata',
  ],
  ['Grace Mensah', 'Accra Extensions', 'Accra', '+233244123456', 'grace@accraext.com.gh', 'Africa/Accra'],
  ['Divya Krishnan', '', 'Bengaluru', '9880012345', 'divya.k@outlook.com', 'Asia/Kolkata'],
  ['Tunde Adeyemi', 'Tunde & Sons', 'London', '+447400123456', 'tunde@tundesons.co.uk', 'Europe/London'],
] as const;

const MESSAGES = [
  'Looking for 10 kg of raw temple hair, 18 to 22 inch, natural black. Please share price per kg and lead time.',
  'Need machine weft bundles of 100 g, 20 inch, for our three salons. What is the MOQ for retail?',
  'Can you send samples of single drawn bulk hair before we place a bulk order for 25 kg?',
  'We resell clip-in extensions in the UK. Interested in 5 clip-in sets, 16 and 20 inch. Export terms?',
  'Please quote I-tip extensions, 1 g strands, 500 strands per length, 18/22/26 inch.',
  'Traditional braid extension for a wedding season order, around 200 pieces. Do you ship to Sri Lanka?',
  'Hand-tied weft in natural colour, 24 inch. Looking for a long-term supplier, monthly orders.',
  'Interested in back clip ponytail pieces. Can you do custom colours or only natural?',
] as const;

/** For larger seeds: buyers made up from these, each writing two or three times. */
const FIRST_NAMES = ['Arun', 'Meera', 'Joseph', 'Nadia', 'Vikram', 'Amara', 'Kofi', 'Leela', 'Omar', 'Zara'];
const LAST_NAMES = ['Pillai', 'Iyer', 'Okoro', 'Haddad', 'Reddy', 'Diallo', 'Nair', 'Santos', 'Khan', 'Rao'];
const CITIES = ['Chennai', 'Lagos', 'Dubai', 'London', 'Houston', 'Kochi', 'Nairobi', 'Toronto'];

type Person = readonly [
  name: string,
  company: string,
  city: string,
  phone: string,
  email: string,
  timeZone: string,
];

/** Buyer number `n`: one of the named ones above, then made-up ones with their own address and number. */
function person(n: number): Person {
  const named = PEOPLE[n];
  if (named) return named;
  const first = FIRST_NAMES[n % FIRST_NAMES.length] ?? 'Arun';
  const last = LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Rao';
  return [
    `${first} ${last}`,
    n % 3 === 0 ? '' : `${last} Hair Traders`,
    CITIES[n % CITIES.length] ?? 'Chennai',
    String(7_000_000_000 + ((n * 7_919) % 2_999_999_999)),
    `${first}.${last}.${n}@example.com`.toLowerCase(),
    'Asia/Kolkata',
  ];
}

const ORDER_TYPES = ['bulk', 'retail', 'bulk', 'bulk', 'retail'] as const;
const FOLLOW_UPS = [
  null,
  { status: 'Contacted', note: 'Called; wants prices in USD. Sending the export price list.' },
  { status: 'Quoted', note: 'Quoted 18-22" raw hair, FOB Chennai. Waiting for their answer.' },
  { status: 'Won', note: 'Paid the advance; shipping next week by DHL.' },
  { status: 'Lost', note: 'Went with a cheaper supplier.' },
  null,
] as const;
/** How long after it arrived each followed-up enquiry was first answered: minutes for most, hours for some. */
const ANSWERED_AFTER_MINUTES = [3, 8, 14, 25, 40, 55, 75, 130, 300, 1440] as const;

export const DEMO_ENQUIRY_COUNT = 30;
const WEEKS = 10;

function deliveryFor(index: number, at: Date, firstOfSender: string | null): DemoEnquiry['notification'] {
  const sent = { attempts: 1, lastError: null, sentAt: new Date(at.getTime() + 2000) };
  if (firstOfSender && index % 9 === 4)
    return { state: 'DUPLICATE', attempts: 0, lastError: null, sentAt: null, duplicateOf: firstOfSender };
  if (index % 11 === 3)
    return {
      state: 'FAILED',
      attempts: 10,
      lastError:
        'EAUTH: Invalid login: 535 5.7.8 Authentication failed: check SMTP_USER and the SMTP_PASSWORD secret',
      sentAt: null,
    };
  if (index % 13 === 6)
    return { state: 'HELD', attempts: 0, lastError: null, sentAt: null, heldReason: 'hourly-cap' };
  if (index % 13 === 9)
    return {
      state: 'DIGESTED',
      attempts: 0,
      lastError: null,
      sentAt: null,
      digest: '2026-10-02T11',
      heldReason: 'sender-limit',
    };
  return { state: 'SENT', ...sent };
}

/**
 * `count` enquiries spread over the last ten weeks before `now`, oldest first. With the default 30,
 * the first two buyers wrote three times each (the third time with their address in capitals,
 * which admission counts as the same person).
 */
export function demoEnquiries(now: Date, count = DEMO_ENQUIRY_COUNT): DemoEnquiry[] {
  const firstByPerson = new Map<number, string>();
  return Array.from({ length: count }, (_, index) => {
    // Spread over ten weeks, busier lately; office hours in India.
    const daysAgo = Math.floor(((count - 1 - index) / count) ** 1.3 * WEEKS * 7);
    const hour = 9 + ((index * 5) % 10);
    const at = new Date(now.getTime() - daysAgo * DAY_MS - ((index * 37) % 60) * MINUTE_MS);
    at.setUTCHours(hour - 5, (index * 13) % 60, (index * 7) % 60, 0);
    if (at > now) at.setTime(now.getTime() - (index + 1) * 60_000);
    // The demo's thirty share fourteen buyers; a larger seed has a buyer for every two or three.
    const personIndex = count <= DEMO_ENQUIRY_COUNT ? index % PEOPLE.length : Math.floor(index * 0.4);
    const [name, company, city, phone, typedEmail, timezone] = person(personIndex);
    const email =
      count <= DEMO_ENQUIRY_COUNT && index >= 2 * PEOPLE.length ? typedEmail.toUpperCase() : typedEmail;
    const collection: EnquiryCollection = index % 3 === 2 ? POPUP_ENQUIRY_COLLECTION : ENQUIRY_COLLECTION;
    const [date = '', time = ''] = formatIndiaDateTime(at).split(' ');
    const fields: Record<string, string> =
      collection === ENQUIRY_COLLECTION
        ? {
            formpage: index % 2 === 0 ? 'Enquirypage' : 'Homepage',
            name,
            companyname: company,
            phone,
            email,
            city,
            ordertype: ORDER_TYPES[index % ORDER_TYPES.length] ?? 'bulk',
            message: MESSAGES[index % MESSAGES.length] ?? '',
            date,
            time,
            timezone,
          }
        : {
            name,
            email,
            phone,
            business: BUSINESS_OPTIONS[index % BUSINESS_OPTIONS.length] ?? 'Others',
            date,
            time,
            timezone,
          };
    const id = newEnquiryId();
    const first = firstByPerson.get(personIndex) ?? null;
    if (!first) firstByPerson.set(personIndex, `${collection}/${id}`);
    const followUp = FOLLOW_UPS[index % FOLLOW_UPS.length] ?? null;
    const answeredAt = new Date(
      at.getTime() + (ANSWERED_AFTER_MINUTES[index % ANSWERED_AFTER_MINUTES.length] ?? 30) * MINUTE_MS,
    );
    return {
      collection,
      id,
      createdAt: at,
      fields,
      notification: deliveryFor(index, at, first),
      // Only what has happened by now: an enquiry answered "later" than now is still waiting.
      followUp:
        followUp && answeredAt <= now
          ? { ...followUp, firstContactAt: answeredAt, at: new Date(answeredAt.getTime() + 5 * MINUTE_MS) }
          : null,
    };
  }).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The enquiry as the database holds it once admission and the inbox have done their part. */
export function demoDocument(enquiry: DemoEnquiry): Record<string, unknown> {
  const { notification: record, followUp } = enquiry;
  const stamp = (date: Date | null) => (date ? Timestamp.fromDate(date) : null);
  const duplicate = record.state === 'DUPLICATE';
  const answered = followUp ? Timestamp.fromDate(followUp.firstContactAt) : null;
  return {
    ...enquiry.fields,
    createdAt: Timestamp.fromDate(enquiry.createdAt),
    notification: {
      ...record,
      sentAt: stamp(record.sentAt),
      messageId: record.sentAt ? `<enquiry.${enquiry.collection}.${enquiry.id}@demo>` : null,
      nextAttemptAt: null,
      leaseExpiresAt: null,
      claimedBy: null,
      updatedAt: Timestamp.fromDate(enquiry.createdAt),
      contactKeys: contactKeysOf(enquiry.fields),
      ...(record.state === 'HELD' ? { heldAt: Timestamp.fromDate(enquiry.createdAt) } : {}),
      // A duplicate waits for nobody (its first one does).
      ...(duplicate
        ? {}
        : {
            firstContactAt: answered,
            ...(followUp
              ? {
                  responseSeconds: Math.round(
                    (followUp.firstContactAt.getTime() - enquiry.createdAt.getTime()) / 1000,
                  ),
                }
              : {}),
          }),
    },
    ...(followUp
      ? {
          followUp: {
            status: followUp.status,
            note: followUp.note,
            updatedBy: 'demo-sales',
            updatedByEmail: 'sales@example.com',
            updatedAt: Timestamp.fromDate(followUp.at),
            version: 1,
            firstContactAt: answered,
          },
        }
      : {}),
  };
}

/** Documents in one batch: Firestore's limit. */
const BATCH_SIZE = 500;
/** Batches in flight at once: enough to keep the emulator busy. */
const BATCHES_AT_ONCE = 4;

/**
 * Writes the enquiries in batches, then adds their answers to the weekly response-time histograms
 * (one transaction per week, on top of what is stored) and works out the reply-speed figure buyers
 * are shown, as the functions do after a first contact.
 */
export async function writeDemoEnquiries(db: Firestore, enquiries: DemoEnquiry[]): Promise<void> {
  const batches: DemoEnquiry[][] = [];
  for (let start = 0; start < enquiries.length; start += BATCH_SIZE)
    batches.push(enquiries.slice(start, start + BATCH_SIZE));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const slice = batches[next++] ?? [];
      const batch = db.batch();
      for (const enquiry of slice)
        batch.set(db.collection(enquiry.collection).doc(enquiry.id), demoDocument(enquiry));
      await batch.commit();
    }
  };
  await Promise.all(Array.from({ length: BATCHES_AT_ONCE }, worker));

  const byWeek = new Map<string, number[]>();
  for (const enquiry of enquiries) {
    if (!enquiry.followUp || enquiry.notification.state === 'DUPLICATE') continue;
    const week = responseWeek(enquiry.createdAt);
    const buckets = byWeek.get(week) ?? readResponseStats(week, undefined).buckets;
    const seconds = (enquiry.followUp.firstContactAt.getTime() - enquiry.createdAt.getTime()) / 1000;
    const bucket = responseBucket(seconds);
    buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    byWeek.set(week, buckets);
  }
  await Promise.all(
    [...byWeek].map(([week, added]) =>
      db.runTransaction(async (transaction) => {
        const ref = db.collection(RESPONSE_STATS_COLLECTION).doc(week);
        const stats = readResponseStats(week, (await transaction.get(ref)).data());
        const buckets = stats.buckets.map((count, index) => count + (added[index] ?? 0));
        transaction.set(ref, {
          week,
          answered: buckets.reduce((sum, count) => sum + count, 0),
          buckets,
          updatedAt: Timestamp.now(),
        });
      }),
    ),
  );
  await refreshReplySpeed(db, new Date());
}
