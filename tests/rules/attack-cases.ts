/**
 * The tables of what an attacker tries (all denied) and what the forms send (all accepted).
 * Each row is one request; firestore-rules.test.ts runs every row as every kind of actor.
 */
import { FIELDS_BY_COLLECTION, SERVER_TIMESTAMP_FIELD, type FieldRule } from '@contract/enquiry/enquiry';
import {
  addDoc,
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import {
  clientChosenTimestamp,
  formPayloads,
  realisticPayloads,
  NON_TEXT_VALUES,
  stampedByServer,
  VALID_DOCUMENT,
} from './enquiry-documents';
import type { Verdict } from './rules-harness';
import {
  ENQUIRY_COLLECTION,
  ENQUIRY_COLLECTIONS,
  POPUP_ENQUIRY_COLLECTION,
  type EnquiryCollection,
} from '@contract/enquiry/collections';

export type RequestCase = {
  /** What is tried, completing "<actor> cannot …" or "<actor> can …". */
  title: string;
  request: (db: Firestore) => Promise<unknown>;
  /** How the emulator refuses it; the rules, unless Firestore itself refuses first. */
  expected: Verdict;
  /** Megabytes of data, sent to the bulk project so the coverage report stays readable. */
  bulky?: true;
};

/** An enquiry each collection already holds, put there with rules disabled before the attacks. */
export const EXISTING_ENQUIRY_ID = 'received-yesterday';

/** A 1 MB message: under Firestore's 1 MiB document limit, so the rules themselves must refuse it. */
const ONE_MEGABYTE = 1_000_000;
/** Firestore's own document size limit, which a request can exceed before any rule runs. */
const ONE_MEBIBYTE = 1_048_576;

const FORM_NAME: Record<EnquiryCollection, string> = {
  [ENQUIRY_COLLECTION]: 'an enquiry',
  [POPUP_ENQUIRY_COLLECTION]: 'a popup enquiry',
};

const EMOJI = '😀';
const TAMIL = 'தமிழ்';
const BLANKS = ['', ' ', ' \t\n\r\f'.repeat(3)];

function withField(document: DocumentData, field: string, value: unknown): DocumentData {
  return { ...document, [field]: value };
}

function withoutField(document: DocumentData, field: string): DocumentData {
  return Object.fromEntries(Object.entries(document).filter(([key]) => key !== field));
}

function creating(collectionPath: string, data: DocumentData) {
  return (db: Firestore) => addDoc(collection(db, collectionPath), data);
}

/** Text of exactly `units` UTF-16 code units made of `piece` repeated, topped up with letters. */
export function textOfUnits(units: number, piece: string): string {
  const text = piece.repeat(Math.floor(units / piece.length));
  return text + 'x'.repeat(units - text.length);
}

/**
 * An address of exactly `units` characters that keeps the contract's pattern: the given local
 * part (at most 64 characters), then domain labels of at most 63 letters, then `.in`.
 */
export function emailOfUnits(units: number, localPart = 'priya'): string {
  const topLevel = '.in';
  let remaining = units - localPart.length - 1 - topLevel.length;
  const labels: string[] = [];
  while (remaining > 0) {
    const dot = labels.length > 0 ? 1 : 0;
    let size = Math.min(63, remaining - dot);
    // Never leave one character over: it could only be a dot with an empty label after it.
    if (remaining - dot - size === 1) size -= 1;
    labels.push('r'.repeat(size));
    remaining -= size + dot;
  }
  return `${localPart}@${labels.join('.')}${topLevel}`;
}

/** Free text: no pattern and no list of options to hide behind. */
function isFreeText(rule: FieldRule): boolean {
  return !rule.pattern && !rule.oneOf;
}

const NEAR_MISSES: Record<string, string[]> = {
  phone: [
    '987654321',
    '98765432101',
    '98765abcde',
    '98765 43210',
    '+919876543210',
    '098765-4321',
    '௯௮௭௬௫௪௩௨௧௦',
    '９８７６５４３２１０',
    '9876543210\n',
    // Abroad only E.164: a plus, 8 to 15 digits, no spaces, no country code 0, never +91.
    '+1 212 555 0100',
    '+1-212-555-0100',
    '001 212 555 0100',
    '0012125550100',
    '12125550100',
    '++12125550100',
    '+01234567890',
    '+1234567',
    '+1234567890123456',
    '+91987654321',
    '+44(0)7911123456',
    '+44 7911 123456',
    '+２３４８０３１２３４５６７',
  ],
  timezone: [
    '',
    'America/New York',
    '1America/New_York',
    '/Asia/Kolkata',
    'Asia.Kolkata',
    'Asia/Kolkata\n',
    ' Asia/Kolkata',
    'Ásia/Kolkata',
    'Asia/Kolkata;drop',
    'UTC+05:30',
    `A${'b'.repeat(64)}`,
  ],
  email: [
    'priya.ramanhair.in',
    'priya@@ramanhair.in',
    'priya@ramanhair',
    'priya@ramanhair.i',
    'priya@ramanhair.in.',
    'priya@ramanhair..in',
    'priya@ramanhair.c0m',
    '@ramanhair.in',
    'priya raman@ramanhair.in',
    ' priya@ramanhair.in',
    'priya@ramanhair.in\n',
    'prìya@ramanhair.in',
    emailOfUnits(255),
  ],
  date: [
    '32-01-2026',
    '00-01-2026',
    '01-13-2026',
    '00-13-2026',
    '21-00-2026',
    '2026-01-21',
    '1-1-2026',
    '21/01/2026',
    '21-01-26',
    '21-01-20266',
    '21-01-2026\n',
    '٢١-٠١-٢٠٢٦',
  ],
  time: [
    '24:00:00',
    '23:60:00',
    '23:59:60',
    '9:05:07',
    '09:05',
    '09:05:07.000',
    '09-05-07',
    '09:05:07 ',
    '\n09:05:07',
  ],
  formpage: ['homepage', 'Products', ' Homepage', 'Enquirypage ', 'Homepage\n'],
  business: ['Wholesaler', 'i am a wholesaler', 'I am a Wholesaler ', '', 'Homepage'],
};

/**
 * What only the server writes or derives: the delivery record, the follow-up, the reference (derived
 * from the ID, never stored), and a country beside the phone (the phone alone says it).
 */
const SERVER_FIELDS: [string, unknown][] = [
  ['notification', { state: 'SENT' }],
  ['followUp', { status: 'Won', note: '', version: 1 }],
  ['reference', 'SME-4F7K-2QXM'],
  ['country', 'US'],
  ['timeZone', 'America/New_York'],
];

const EXTRA_FIELDS: Record<EnquiryCollection, [string, unknown][]> = {
  [ENQUIRY_COLLECTION]: [
    ['status', 'delivered'],
    ['delivery', { state: 'sent' }],
    ['Name', 'Priya Raman'],
    ['business', 'I am a Wholesaler'],
    ...SERVER_FIELDS,
  ],
  [POPUP_ENQUIRY_COLLECTION]: [
    ['formpage', 'Homepage'],
    ['message', 'Please call me back about bulk prices.'],
    ['delivery', { state: 'sent' }],
    ...SERVER_FIELDS,
  ],
};

const CLIENT_CREATED_AT: [string, () => unknown][] = [
  ['the current time from its own clock', () => Timestamp.now()],
  ['a time an hour ahead', () => clientChosenTimestamp(60 * 60 * 1000)],
  ['a time a year back', () => clientChosenTimestamp(-365 * 24 * 60 * 60 * 1000)],
  ['text', () => '21-01-2026 09:05:07'],
  ['milliseconds', () => Date.now()],
  ['null', () => null],
];

/** Documents of the wrong shape: one thing changed from what the form sends. */
function badDocumentCases(target: EnquiryCollection): RequestCase[] {
  const fields = FIELDS_BY_COLLECTION[target];
  const valid = VALID_DOCUMENT[target];
  const form = FORM_NAME[target];
  const cases: RequestCase[] = [];
  const create = (title: string, data: DocumentData, expected: Verdict = 'denied by rules', bulky?: true) =>
    cases.push({
      title: `create ${form} ${title}`,
      request: creating(target, data),
      expected,
      ...(bulky && { bulky }),
    });

  for (const field of [...Object.keys(fields), SERVER_TIMESTAMP_FIELD]) {
    if (fields[field]?.mayBeAbsent) continue;
    create(`without ${field}`, withoutField(valid(), field));
  }
  // Only the functions set how long an enquiry is kept.
  create(
    'with its own expiry, a hundred years out',
    withField(valid(), 'expiresAt', Timestamp.fromMillis(4_102_444_800_000)),
  );
  for (const field of Object.keys(fields)) {
    for (const { kind, value } of NON_TEXT_VALUES)
      create(`with ${field} as ${kind}`, withField(valid(), field, value));
  }
  for (const [field, rule] of Object.entries(fields)) {
    if (!isFreeText(rule)) continue;
    const over = rule.maxLength + 1;
    create(`with ${field} one letter over ${rule.maxLength}`, withField(valid(), field, 'x'.repeat(over)));
    create(
      `with ${field} of emoji one UTF-16 unit over ${rule.maxLength}`,
      withField(valid(), field, textOfUnits(over, EMOJI)),
    );
    create(
      `with ${field} of Tamil one unit over ${rule.maxLength}`,
      withField(valid(), field, textOfUnits(over, TAMIL)),
    );
    if (rule.minLength !== undefined) {
      create(
        `with ${field} one letter short of ${rule.minLength}`,
        withField(valid(), field, 'x'.repeat(rule.minLength - 1)),
      );
    }
    if (rule.required) {
      for (const blank of BLANKS)
        create(`with ${field} blank as ${JSON.stringify(blank)}`, withField(valid(), field, blank));
    }
  }
  for (const [field, values] of Object.entries(NEAR_MISSES)) {
    if (!(field in fields)) continue;
    for (const value of values)
      create(`with ${field} ${JSON.stringify(value)}`, withField(valid(), field, value));
  }
  for (const [field, value] of EXTRA_FIELDS[target]) {
    create(`with an extra field ${field}`, withField(valid(), field, value));
  }
  for (const [kind, value] of CLIENT_CREATED_AT) {
    create(`with createdAt set to ${kind}`, withField(valid(), SERVER_TIMESTAMP_FIELD, value()));
  }
  const longField = target === ENQUIRY_COLLECTION ? 'message' : 'name';
  create(
    `with a 1 MB ${longField}`,
    withField(valid(), longField, 'x'.repeat(ONE_MEGABYTE)),
    'denied by rules',
    true,
  );
  create(
    `with a ${longField} over Firestore's 1 MiB document limit`,
    withField(valid(), longField, 'x'.repeat(ONE_MEBIBYTE)),
    'rejected as too large',
    true,
  );
  return cases;
}

/** Reading, changing or removing what visitors sent: nobody may, whatever they send. */
function existingEnquiryCases(target: EnquiryCollection): RequestCase[] {
  const form = FORM_NAME[target];
  const existing = (db: Firestore) => doc(db, target, EXISTING_ENQUIRY_ID);
  const valid = VALID_DOCUMENT[target];
  const requests: [string, (db: Firestore) => Promise<unknown>][] = [
    [`read ${form} someone sent`, (db) => getDoc(existing(db))],
    [`check whether ${form} id exists`, (db) => getDoc(doc(db, target, 'never-sent'))],
    [`list every ${form.replace(/^an? /, '')}`, (db) => getDocs(collection(db, target))],
    [
      `search ${form.replace(/^an? /, '')}s by email`,
      (db) => getDocs(query(collection(db, target), where('email', '==', 'priya@ramanhair.in'))),
    ],
    [
      `read ${form.replace(/^an? /, '')}s through a collection-group query`,
      (db) => getDocs(collectionGroup(db, target)),
    ],
    [`replace ${form} someone sent with a valid one`, (db) => setDoc(existing(db), valid())],
    [
      `change the message of ${form} someone sent`,
      (db) => updateDoc(existing(db), { message: 'Changed after it was sent, by someone else.' }),
    ],
    [`mark ${form} as delivered`, (db) => updateDoc(existing(db), { delivery: { state: 'sent' } })],
    [`merge a field into ${form}`, (db) => setDoc(existing(db), { phone: '9000000000' }, { merge: true })],
    [`delete ${form} someone sent`, (db) => deleteDoc(existing(db))],
    [
      `delete ${form} in the same batch as a valid create`,
      (db) => {
        const batch = writeBatch(db);
        batch.set(doc(collection(db, target)), valid());
        batch.delete(existing(db));
        return batch.commit();
      },
    ],
    [
      `create a valid document under ${form}`,
      (db) => addDoc(collection(db, target, EXISTING_ENQUIRY_ID, 'notes'), valid()),
    ],
  ];
  return requests.map(([title, request]) => ({ title, request, expected: 'denied by rules' }));
}

/** Every path the rules do not name, including near-misses of the two that they do. */
function otherPathCases(): RequestCase[] {
  const enquiry = () => VALID_DOCUMENT[ENQUIRY_COLLECTION]();
  const requests: [string, (db: Firestore) => Promise<unknown>][] = [
    ['create a valid enquiry in sme-enquiry-form (lower case)', creating('sme-enquiry-form', enquiry())],
    ['create a valid enquiry in SME-enquiry-form-archive', creating('SME-enquiry-form-archive', enquiry())],
    ['create a valid enquiry in enquiries', creating('enquiries', enquiry())],
    [
      'create a popup enquiry in the full form collection',
      creating(ENQUIRY_COLLECTION, VALID_DOCUMENT[POPUP_ENQUIRY_COLLECTION]()),
    ],
    ['create a full enquiry in the popup collection', creating(POPUP_ENQUIRY_COLLECTION, enquiry())],
    ['queue an email in mail', creating('mail', { to: 'sales@example.com', message: { subject: 'Hello' } })],
    ['write a user profile', (db) => setDoc(doc(db, 'users', 'visitor-with-an-account'), { role: 'admin' })],
    ['read the site settings', (db) => getDoc(doc(db, 'config', 'site'))],
    [
      'overwrite the site settings',
      (db) => setDoc(doc(db, 'config', 'site'), { salesEmail: 'attacker@example.com' }),
    ],
    ['list queued emails', (db) => getDocs(collection(db, 'mail'))],
    // The functions' admission counters: filling a slot would hold real enquiries back.
    ['read the admission counters', (db) => getDocs(collection(db, 'enquiry-admission'))],
    [
      'fill the hourly email cap with forged slots',
      (db) =>
        setDoc(doc(db, 'enquiry-admission', 'hour-2026-01-21T09-0000'), { counter: 'hour-2026-01-21T09' }),
    ],
    [
      'read who asked for their data to be erased',
      (db) => getDocs(query(collection(db, 'privacy-requests'), limit(1))),
    ],
    [
      'record a privacy request',
      (db) => setDoc(doc(db, 'privacy-requests', 'forged'), { kind: 'erase', subjectSha256: '0'.repeat(64) }),
    ],
    [
      'plant a duplicate fingerprint so a real enquiry counts as a duplicate',
      (db) =>
        setDoc(doc(db, 'enquiry-admission', 'duplicate-0000'), {
          original: 'SME-enquiry-form/x',
          at: Timestamp.now(),
        }),
    ],
  ];
  return requests.map(([title, request]) => ({ title, request, expected: 'denied by rules' }));
}

/**
 * Characters that forge lines in the sales email or turn its subject around, each pasted into a
 * one-line field the way a script would send it.
 */
export const ONE_LINE_BREAKERS: [string, string][] = [
  ['a CR LF and a forged call line', '\r\nCall: tel:+447700900123'],
  ['an LF and a forged Bcc line', '\nBcc: attacker@evil.com'],
  ['a lone CR', '\rReply-To: attacker@evil.com'],
  ['a next-line character (NEL, U+0085)', '\u0085Call: tel:+447700900123'],
  ['a line separator (U+2028)', '\u2028WhatsApp: https://wa.me/447700900123'],
  ['a paragraph separator (U+2029)', '\u2029Note: pay in advance'],
  ['a right-to-left override (U+202E)', '\u202emoc.live@rekcatta'],
  ['a right-to-left isolate (U+2067)', '\u2067evil\u2069'],
  ['a right-to-left mark (U+200F)', '\u200f'],
  ['an Arabic letter mark (U+061C)', '\u061c'],
  ['a left-to-right embedding (U+202A)', '\u202aX\u202c'],
  ['a tab', '\tBulk'],
  ['a NUL', '\u0000'],
  ['a DEL', '\u007f'],
  ['a C1 control (CSI, U+009B)', '\u009b31m'],
];

/** Values with no letter or digit in any script: invisible, or decoration only. */
export const NO_LETTER_OR_DIGIT: [string, string][] = [
  ['zero-width spaces', '\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b'],
  ['no-break spaces', '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0'],
  [
    'ideographic spaces and a byte order mark',
    '\u3000\u3000\u3000\ufeff\u3000\u3000\u3000\u3000\u3000\u3000',
  ],
  ['dots, dashes and apostrophes', ".-'.-'.-'.-'.-'"],
  [
    'a zero-width joiner between no-break spaces',
    '\u00a0\u200d\u00a0\u200d\u00a0\u200d\u00a0\u200d\u00a0\u200d',
  ],
];

/** Letters that draw as blanks (Unicode files the Hangul fillers as \p{Lo}): no visible character. */
export const BLANK_LOOKING_LETTERS: [string, string][] = [
  ['Hangul fillers (U+3164)', '\u3164\u3164\u3164'],
  ['Hangul choseong fillers (U+115F)', '\u115f\u115f\u115f'],
  ['Hangul jungseong fillers (U+1160)', '\u1160\u1160\u1160'],
  ['halfwidth Hangul fillers (U+FFA0)', '\uffa0\uffa0\uffa0'],
];

/** Tag characters: invisible, they spell ASCII text that a reader never sees. */
const hiddenTags = (text: string) =>
  [...text].map((character) => String.fromCodePoint(0xe0000 + (character.codePointAt(0) ?? 0))).join('');

/** Variation selectors (U+E0100 on), one per byte: invisible, they spell text after a visible character. */
const hiddenSelectors = (text: string) =>
  [...text]
    .map((character) => String.fromCodePoint(0xe0100 + (character.codePointAt(0) ?? 0) - 0x20))
    .join('');

/** Real text with something hidden inside it: each is refused in every free-text field. */
export const HIDDEN_INSIDE_TEXT: [string, string][] = [
  ['tag characters spelling a hidden IGNORE', `Priya${hiddenTags('IGNORE')}`],
  ['a language tag (U+E0001)', 'Priya\u{e0001}Raman'],
  ['a zero-width space inside a word', 'Pri\u200bya Raman'],
  ['a word joiner inside a word', 'Pri\u2060ya Raman'],
  ['a byte order mark inside a word', 'Pri\ufeffya Raman'],
  ['an invisible separator (U+2063)', 'Priya\u2063Raman'],
  ['a Mongolian vowel separator (U+180E)', 'Priya\u180eRaman'],
  ['interlinear annotation marks', 'Priya\ufff9x\ufffaRaman\ufffb'],
  ['a Hangul filler between letters', 'Priya\u3164Raman'],
  ['a right-to-left override', 'Please pay to \u202eTNUOCCA 0987\u202c'],
  ['a right-to-left isolate', 'Priya \u2067nepO\u2069'],
  ['a left-to-right mark', 'Priya Raman\u200e'],
  ['an Arabic letter mark', 'Priya\u061c Raman'],
  ['a soft hyphen (U+00AD)', 'Pri\u00adya Raman'],
  ['a combining grapheme joiner (U+034F)', 'Pri\u034fya Raman'],
  ['a Khmer inherent vowel (U+17B4)', 'Priya\u17b4 Raman'],
  ['a Mongolian free variation selector (U+180B)', 'Priya\u180b Raman'],
  ['a braille blank (U+2800)', 'Priya\u2800Raman'],
  ['an emoji presentation selector after a letter', 'Priya\ufe0f Raman'],
  ['a text presentation selector after an emoji', 'Priya \u2764\ufe0e'],
  ['variation selectors spelling a hidden IGNORE ALL', `Ravi${hiddenSelectors('IGNORE ALL')}`],
  ['a run of 30 zero-width non-joiners', `Ravi${'\u200c'.repeat(30)}`],
  ['a zero-width joiner between Latin letters', 'Pri\u200dya Raman'],
  ['a zero-width non-joiner at the start of a Devanagari word', 'Priya \u200cप्रिया'],
  ['a zero-width joiner at the end of a Devanagari word', 'लक्\u200d'],
  ['two joiners in a row inside a Devanagari word', 'लक्\u200d\u200dष्मी'],
  ['a zero-width joiner after an emoji and before a letter', 'Priya 👩\u200dx'],
];

/** Addresses the old pattern got wrong, and the ways a label or a dot can be misplaced. */
export const BAD_EMAILS: [string, string][] = [
  ['a 241-character local part', `${'p'.repeat(241)}@ramanhair.in`],
  ['a 65-character local part', `${'p'.repeat(65)}@ramanhair.in`],
  ['dots at both ends and doubled', '.a..b.@x.com'],
  ['labels of only hyphens', 'a@-.-.com'],
  ['a leading dot', '.priya@ramanhair.in'],
  ['a dot before the @', 'priya.@ramanhair.in'],
  ['a doubled dot in the local part', 'priya..raman@ramanhair.in'],
  ['a label starting with a hyphen', 'priya@-ramanhair.in'],
  ['a label ending with a hyphen', 'priya@ramanhair-.in'],
  ['a dot right after the @', 'priya@.ramanhair.in'],
  ['a 64-character domain label', `priya@${'r'.repeat(64)}.in`],
  ['a punycode top-level domain with nothing after xn--', 'priya@ramanhair.xn--'],
  ['a punycode top-level domain ending with a hyphen', 'priya@ramanhair.xn--h2brj9c-'],
  ['a top-level domain that starts with a digit', 'priya@ramanhair.1in'],
  ['a 64-letter top-level domain', `priya@ramanhair.${'a'.repeat(64)}`],
];

/** The attacks the hardened contract refuses: forged lines, invisible values, broken addresses. */
export function hardeningCases(): RequestCase[] {
  const cases: RequestCase[] = [];
  for (const target of ENQUIRY_COLLECTIONS) {
    const fields = FIELDS_BY_COLLECTION[target];
    const valid = VALID_DOCUMENT[target];
    const form = FORM_NAME[target];
    const create = (title: string, data: DocumentData) =>
      cases.push({
        title: `create ${form} ${title}`,
        request: creating(target, data),
        expected: 'denied by rules',
      });
    for (const [field, rule] of Object.entries(fields)) {
      if (rule.oneLine) {
        for (const [what, breaker] of ONE_LINE_BREAKERS) {
          const typed = String(valid()[field] || 'Raman Hair Studio');
          create(`with ${what} in ${field}`, withField(valid(), field, `${typed}${breaker}`));
        }
      }
      if (rule.required && isFreeText(rule)) {
        for (const [what, value] of [...NO_LETTER_OR_DIGIT, ...BLANK_LOOKING_LETTERS])
          create(`with ${field} made only of ${what}`, withField(valid(), field, value.padEnd(10, value)));
      }
      if (isFreeText(rule)) {
        // Long enough for the message's minimum, so only the hidden character can be refused.
        for (const [what, value] of HIDDEN_INSIDE_TEXT)
          create(`with ${what} in ${field}`, withField(valid(), field, `${value} wants a quote`));
      }
    }
    for (const [what, email] of BAD_EMAILS)
      create(`with an address with ${what}`, withField(valid(), 'email', email));
  }
  return cases;
}

export function deniedRequestCases(): RequestCase[] {
  return [
    ...ENQUIRY_COLLECTIONS.flatMap((target) => [
      ...badDocumentCases(target),
      ...existingEnquiryCases(target),
    ]),
    ...hardeningCases(),
    ...otherPathCases(),
  ];
}

/** Documents the contract accepts at its edges, beyond the plain form payloads. */
function edgeDocumentCases(target: EnquiryCollection): RequestCase[] {
  const fields = FIELDS_BY_COLLECTION[target];
  const valid = VALID_DOCUMENT[target];
  const form = FORM_NAME[target];
  const cases: RequestCase[] = [];
  const create = (title: string, data: DocumentData) =>
    cases.push({ title: `send ${form} ${title}`, request: creating(target, data), expected: 'allowed' });

  for (const [field, rule] of Object.entries(fields)) {
    if (!isFreeText(rule)) continue;
    create(
      `with ${field} of exactly ${rule.maxLength} letters`,
      withField(valid(), field, 'x'.repeat(rule.maxLength)),
    );
    // A required value needs a letter; emoji alone are decoration.
    create(
      `with ${field} of a letter and emoji filling exactly ${rule.maxLength} UTF-16 units`,
      withField(valid(), field, `P${textOfUnits(rule.maxLength - 1, EMOJI)}`),
    );
    create(
      `with ${field} of Tamil filling exactly ${rule.maxLength} units`,
      withField(valid(), field, textOfUnits(rule.maxLength, TAMIL)),
    );
    if (rule.minLength !== undefined) {
      create(
        `with ${field} of exactly ${rule.minLength} letters`,
        withField(valid(), field, 'x'.repeat(rule.minLength)),
      );
      create(
        `with ${field} of OK and ${rule.minLength / 2 - 1} emoji (${rule.minLength} UTF-16 units)`,
        withField(valid(), field, `OK${EMOJI.repeat(rule.minLength / 2 - 1)}`),
      );
    }
    if (!rule.required) {
      create(`with ${field} left empty`, withField(valid(), field, ''));
      create(`with ${field} of only spaces`, withField(valid(), field, '   '));
    }
  }
  create('with an address of exactly 254 characters', withField(valid(), 'email', emailOfUnits(254)));
  create(
    "with an address using + and ' and subdomains",
    withField(valid(), 'email', "o'neil+hair@mail.co.uk"),
  );
  // Documents stored before the time zone was sent, and browsers that name none, stay valid.
  for (const [field, rule] of Object.entries(fields))
    if (rule.mayBeAbsent)
      create(`without ${field}, as stored before it existed`, withoutField(valid(), field));
  for (const [where, phone] of [
    ['New York', '+12125550100'],
    ['London', '+447911123456'],
    ['Lagos', '+2348031234567'],
    ['Niue, eight digits in all', '+68340021'],
    ['anywhere, fifteen digits in all', '+998901234567890'],
    ['Pakistan, +92', '+923001234567'],
  ])
    create(`with a phone number from ${where} in E.164`, withField(valid(), 'phone', phone));
  for (const zone of [
    'America/New_York',
    'America/Argentina/Buenos_Aires',
    'America/Port-au-Prince',
    'Etc/GMT+5',
    'Asia/Calcutta',
    'UTC',
    `A${'b'.repeat(63)}`,
  ])
    create(`with the time zone ${zone}`, withField(valid(), 'timezone', zone));
  create('sent on the last day of a year', { ...withField(valid(), 'date', '31-12-2026'), time: '23:59:59' });
  create('sent at midnight on the first of a month', {
    ...withField(valid(), 'date', '01-01-2027'),
    time: '00:00:00',
  });
  return cases;
}

/** What the form builds for each of the realistic buyers, Indian and international. */
export function realisticEnquiryCases(): RequestCase[] {
  return realisticPayloads().map(({ title, collection: target, payload }) => ({
    title: `send the enquiry of ${title}`,
    request: creating(target, stampedByServer(payload)),
    expected: 'allowed',
  }));
}

export function acceptedRequestCases(): RequestCase[] {
  const payloads: RequestCase[] = formPayloads().map(({ title, collection: target, payload }) => ({
    title: `send what the form builds for ${title}`,
    request: creating(target, stampedByServer(payload)),
    expected: 'allowed',
  }));
  return [...payloads, ...realisticEnquiryCases(), ...ENQUIRY_COLLECTIONS.flatMap(edgeDocumentCases)];
}
