/**
 * The enquiry's document ID, which the visitor's browser chooses: only Firestore's auto-ID shape
 * (exactly 20 characters of A-Z a-z 0-9) is accepted, and a browser may ask whether an enquiry with
 * an ID it holds was stored, and learn nothing else.
 */
import {
  ENQUIRY_COLLECTIONS,
  type EnquiryCollection,
  ENQUIRY_RECEIPTS_COLLECTION,
} from '@contract/enquiry/collections';
import { ENQUIRY_ID_LENGTH, newEnquiryId } from '@contract/enquiry/enquiry-id';
import { collection, doc, getDoc, getDocs, setDoc, type Firestore } from 'firebase/firestore';
import type { RequestCase } from './attack-cases';
import { VALID_DOCUMENT } from './enquiry-documents';

/** Enquiries each collection holds before the tests, stored with rules disabled under auto-shaped IDs. */
export const STORED_ENQUIRY_IDS: Record<EnquiryCollection, string> = {
  'SME-enquiry-form': 'StoredFullEnquiry001',
  'SME-popup-enquiry-form': 'StoredPopupEnquiry01',
};

/** Firestore allows document IDs of up to 1,500 bytes. */
const LONGEST_FIRESTORE_ID_BYTES = 1500;

/** IDs a visitor might choose instead of an auto-ID, each refused whatever the document. */
export const CHOSEN_IDS: [string, string][] = [
  ['one character short', 'A'.repeat(ENQUIRY_ID_LENGTH - 1)],
  ['one character long', 'A'.repeat(ENQUIRY_ID_LENGTH + 1)],
  ['of 1,500 bytes', 'A'.repeat(LONGEST_FIRESTORE_ID_BYTES)],
  ['with CR and LF forging a header', 'abc\r\nBcc: x@evil.com'],
  ['with a line feed', 'abcdefghij\nklmnopqrs'],
  ['with a right-to-left override', 'abcdefghij\u202Eklmnopqrs'],
  ['with markup', '<img src=x onerror=alert(1)>'],
  ['with a space', 'abcdefghij klmnopqrs'],
  ['with a hyphen and an underscore', 'abcdefghij-klmnopq_s'],
  ['of Tamil letters', 'தமிழ்தமிழ்தமிழ்தமிழ்'],
  ['of fullwidth digits', '０１２３４５６７８９０１２３４５６７８９'],
  ['with a zero-width space', 'abcdefghij\u200Bklmnopqrs'],
];

/** A valid document created under the ID `id()` gives at the moment of the request. */
function creatingWithId(target: EnquiryCollection, id: () => string) {
  return (db: Firestore) => setDoc(doc(db, target, id()), VALID_DOCUMENT[target]());
}

const receipt = (db: Firestore, id: string) => doc(db, ENQUIRY_RECEIPTS_COLLECTION, id);

export function deniedDocumentIdCases(): RequestCase[] {
  const cases: RequestCase[] = [];
  const deny = (title: string, request: RequestCase['request']) =>
    cases.push({ title, request, expected: 'denied by rules' });
  for (const target of ENQUIRY_COLLECTIONS) {
    for (const [what, id] of CHOSEN_IDS) {
      deny(
        `send a valid ${target} document under an ID ${what}`,
        creatingWithId(target, () => id),
      );
    }
    deny(
      `send a second document under the ID of an enquiry in ${target}`,
      creatingWithId(target, () => STORED_ENQUIRY_IDS[target]),
    );
  }
  deny('ask about an enquiry ID nobody stored', (db) => getDoc(receipt(db, newEnquiryId())));
  for (const [what, id] of CHOSEN_IDS.slice(0, 4))
    deny(`ask about an ID ${what}`, (db) => getDoc(receipt(db, id)));
  deny('list the receipts', (db) => getDocs(collection(db, ENQUIRY_RECEIPTS_COLLECTION)));
  deny('write a receipt', (db) => setDoc(receipt(db, newEnquiryId()), { stored: true }));
  deny('write a receipt under a stored enquiry ID', (db) =>
    setDoc(receipt(db, STORED_ENQUIRY_IDS['SME-enquiry-form']), { stored: true }),
  );
  return cases;
}

export function acceptedDocumentIdCases(): RequestCase[] {
  const cases: RequestCase[] = [];
  const allow = (title: string, request: RequestCase['request']) =>
    cases.push({ title, request, expected: 'allowed' });
  for (const target of ENQUIRY_COLLECTIONS) {
    allow(`send ${target} under an ID the site picked`, creatingWithId(target, newEnquiryId));
    allow(`send ${target} under an ID of every letter kind`, creatingWithId(target, uniqueMixedId));
    allow(`ask whether the enquiry stored in ${target} was stored`, (db) =>
      getDoc(receipt(db, STORED_ENQUIRY_IDS[target])),
    );
  }
  return cases;
}

let mixedIds = 0;
/** Upper and lower case letters and digits, different on every call. */
function uniqueMixedId(): string {
  mixedIds += 1;
  return `AZaz09Mixed${String(mixedIds).padStart(ENQUIRY_ID_LENGTH - 11, '0')}`;
}
