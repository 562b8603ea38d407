/**
 * About thirty believable enquiries over the last ten weeks, both forms, every delivery state and
 * some follow-up, so the inbox, its filters and its chart have something to show locally.
 * Deterministic for a given "now", so the same seed looks the same on every machine.
 *
 * Each carries a delivery record already, so the running functions leave them alone (no emails).
 */
import {
  BUSINESS_OPTIONS,
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
  type EnquiryCollection,
} from '../../functions/src/contract/enquiry';
import { newEnquiryId } from '../../functions/src/contract/enquiry-id';
import type { DeliveryState, HeldReason } from '../../functions/src/contract/delivery';
import { formatIndiaDateTime } from '../../functions/src/contract/india-time';

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
  followUp: { status: string; note: string; at: Date } | null;
};

const PEOPLE = [
  ['Priya Raman', 'Glow Salon', 'Chennai', '9840012345', 'priya@glowsalon.in'],
  ['Adaeze Okafor', 'Lagos Hair Hub', 'Lagos', '8012345678', 'adaeze@lagoshairhub.ng'],
  ['Mohammed Al Farsi', 'Gulf Beauty Trading', 'Dubai', '5012345678', 'mfarsi@gulfbeauty.ae'],
  ['Karthik Subramanian', '', 'Coimbatore', '9443012345', 'karthik.s@gmail.com'],
  ['Jessica Brown', 'Luxe Strands LLC', 'Atlanta', '4045550123', 'jess@luxestrands.com'],
  ['Anjali Mehta', 'Mehta Exports', 'Mumbai', '9820012345', 'anjali@mehtaexports.in'],
  ['Chen Wei', 'Silk Road Hair Co', 'Guangzhou', '1380013800', 'chenwei@silkroadhair.cn'],
  ['Fatima Bello', '', 'Abuja', '8031234567', 'fatima.bello@yahoo.com'],
  ['Rahul Verma', 'Verma Salon Supplies', 'Delhi', '9811012345', 'rahul@vermasupplies.in'],
  ['Sophie Martin', 'Maison Cheveux', 'Paris', '6123456789', 'sophie@maisoncheveux.fr'],
  ['Lakshmi Narayanan', 'Temple Tresses', 'Madurai', '9442012345', 'lakshmi@templetresses.in'],
  ['Grace Mensah', 'Accra Extensions', 'Accra', '2441234567', 'grace@accraext.com.gh'],
  ['Divya Krishnan', '', 'Bengaluru', '9880012345', 'divya.k@outlook.com'],
  ['Tunde Adeyemi', 'Tunde & Sons', 'Ibadan', '8051234567', 'tunde@tundesons.ng'],
  ['Maria Gonzalez', 'Bella Hair Studio', 'Madrid', '6101234567', 'maria@bellahair.es'],
] as const;

const MESSAGES = [
  'Looking for 10 kg of raw temple hair, 18 to 22 inch, natural black. Please share price per kg and lead time.',
  'Need machine weft bundles of 100 g, 20 inch, for our three salons. What is the MOQ for retail?',
  'Can you send samples of single drawn bulk hair before we place a bulk order for 25 kg?',
  'We resell clip-in extensions in the UK. Interested in 5 clip-in sets, 16 and 20 inch. Export terms?',
  'Please quote I-tip extensions, 1 g strands, 500 strands per length, 18/22/26 inch.',
  'Traditional braid extension for a wedding season order, around 200 pieces. Do you ship to Sri Lanka?',
  'Hand-tied weft in natural colour, 24 inch. Looking for a long-term supplier, monthly orders.',
  'Interested in ponytail back clips. Can you do custom colours or only natural?',
] as const;

const ORDER_TYPES = ['bulk', 'retail', 'bulk', 'bulk', 'retail'] as const;
const FOLLOW_UPS = [
  null,
  { status: 'Contacted', note: 'Called; wants prices in USD. Sending the export price list.' },
  { status: 'Quoted', note: 'Quoted 18-22" raw hair, FOB Chennai. Waiting for their answer.' },
  { status: 'Won', note: 'Paid the advance; shipping next week by DHL.' },
  { status: 'Lost', note: 'Went with a cheaper supplier.' },
  null,
] as const;

const DAY_MS = 86_400_000;
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
      lastError: '535 5.7.8 Authentication failed: check SMTP_USER and the SMTP_PASSWORD secret',
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

/** `count` enquiries spread over the last ten weeks before `now`, newest last. */
export function demoEnquiries(now: Date, count = DEMO_ENQUIRY_COUNT): DemoEnquiry[] {
  const firstByPerson = new Map<number, string>();
  return Array.from({ length: count }, (_, index) => {
    // Spread over ten weeks, busier lately; office hours in India.
    const daysAgo = Math.floor(((count - 1 - index) / count) ** 1.3 * WEEKS * 7);
    const hour = 9 + ((index * 5) % 10);
    const at = new Date(now.getTime() - daysAgo * DAY_MS - ((index * 37) % 60) * 60_000);
    at.setUTCHours(hour - 5, (index * 13) % 60, (index * 7) % 60, 0);
    if (at > now) at.setTime(now.getTime() - (index + 1) * 60_000);
    const personIndex = index % PEOPLE.length;
    const [name, company, city, phone, email] = PEOPLE[personIndex] ?? PEOPLE[0];
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
          }
        : {
            name,
            email,
            phone,
            business: BUSINESS_OPTIONS[index % BUSINESS_OPTIONS.length] ?? 'Others',
            date,
            time,
          };
    const id = newEnquiryId();
    const first = firstByPerson.get(personIndex) ?? null;
    if (!first) firstByPerson.set(personIndex, `${collection}/${id}`);
    const followUp = FOLLOW_UPS[index % FOLLOW_UPS.length] ?? null;
    return {
      collection,
      id,
      createdAt: at,
      fields,
      notification: deliveryFor(index, at, first),
      followUp: followUp && { ...followUp, at: new Date(at.getTime() + DAY_MS / 4) },
    };
  }).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
