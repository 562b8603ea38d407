/**
 * The privacy policy's promises, kept by the software: a buyer's data found by their email address
 * or phone number (compared as admission control compares them), exported as one JSON file,
 * erased from every store the system controls, and a record of each request that holds no
 * personal data. The CLI (`npm run privacy`) and the inbox's callable both run this code.
 *
 * Where a person's data lives: their enquiries in both collections (with the follow-up and the
 * delivery record on each), the inbox's resend records, and the admission counters and
 * fingerprints made from them (found by the same hashes admission uses). Not here, and so named in
 * every result: the sales emails and digests already in the sales mailbox, and WhatsApp alerts on
 * the sales phones.
 *
 * An erasure deletes what depends on the enquiries first (resends, counters, fingerprints), then
 * the enquiries themselves in one batch, so a crash leaves either everything visible (and the next
 * run finds it all again and finishes) or nothing; running it again deletes nothing else.
 */
import { receivedAtOf } from '../contract/enquiry/stored-enquiry';
import { createHmac } from 'node:crypto';
import { FieldPath, Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { acknowledgementKey, admissionKeys } from '../enquiry/admission';
import { normaliseEmail } from '../contract/enquiry/contact-keys';
import { phoneKey } from '../contract/enquiry/phone';
import { INDIAN_PHONE_PATTERN, INTERNATIONAL_PHONE_PATTERN } from '../contract/enquiry/phone';
import {
  ADMISSION_COLLECTION,
  ENQUIRY_COLLECTIONS,
  type EnquiryCollection,
  RESENDS_COLLECTION,
  PRIVACY_REQUESTS_COLLECTION,
} from '../contract/enquiry/collections';
import { formatIndiaIso } from '../contract/base/india-time';

import { COUNTER_FIELD } from '../enquiry/slots';
/** Firestore's limit of writes in one batch. */
const BATCH_LIMIT = 500;
/** No email address is longer (RFC 5321), and no phone number comes near: longer is nobody's. */
const MAX_IDENTIFIER_LENGTH = 254;
/** The shortest PRIVACY_HASH_KEY taken: `openssl rand -base64 32` gives 44 characters. */
export const PRIVACY_HASH_KEY_MIN_LENGTH = 32;

type PrivacySubject = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

export class PrivacyInputError extends Error {}

/**
 * Whether an address has its shape: one @ with something before it, a dot inside what follows, no
 * space. One pass over it, no backtracking pattern: a crafted identifier costs what its length does.
 */
function hasAddressShape(value: string): boolean {
  const at = value.indexOf('@');
  const domain = value.slice(at + 1);
  return at > 0 && !domain.includes('@') && !/\s/.test(value) && domain.slice(1, -1).includes('.');
}

/**
 * The identifier as admission compares it (contact-keys.ts: NFKC, then case-folded); a malformed
 * one is refused with a plain message. Refused too: anything longer than an address can be, and
 * an address with characters that only look like an address's (the Kelvin sign K, fullwidth
 * letters, ＠), which folding would turn into someone else's address.
 */
export function readSubject(kind: 'email' | 'phone', raw: string): PrivacySubject {
  if (raw.length > MAX_IDENTIFIER_LENGTH)
    throw new PrivacyInputError(
      `That ${kind === 'email' ? 'address' : 'number'} is ${raw.length.toLocaleString('en')} characters long, longer than any email address (${MAX_IDENTIFIER_LENGTH} characters) or phone number can be.`,
    );
  if (kind === 'email') {
    const typed = raw.trim();
    if (typed.normalize('NFKC') !== typed)
      throw new PrivacyInputError(
        `"${typed}" has characters that only look like an address's (a fullwidth letter or @, the Kelvin sign K ...): type the address as the buyer wrote it.`,
      );
    const value = normaliseEmail(typed);
    if (!hasAddressShape(value)) throw new PrivacyInputError(`"${raw}" is not an email address.`);
    return { kind, value };
  }
  const value = phoneKey(raw);
  if (!INDIAN_PHONE_PATTERN.test(value) && !INTERNATIONAL_PHONE_PATTERN.test(value))
    throw new PrivacyInputError(
      `"${raw}" is not a phone number: ten digits for India (with or without +91 or 0), or + and the country code abroad.`,
    );
  return { kind, value };
}

/**
 * What a request's record keeps instead of the identifier: an HMAC-SHA-256 of it (as compared) with
 * the project's PRIVACY_HASH_KEY. Without the key nobody can test guesses against it: an unkeyed
 * hash of a phone number falls to trying every Indian mobile number, about 1.5 core-hours.
 */
export function subjectHash(subject: PrivacySubject, hashKey: string): string {
  if (hashKey.length < PRIVACY_HASH_KEY_MIN_LENGTH)
    throw new Error(
      `PRIVACY_HASH_KEY must be at least ${PRIVACY_HASH_KEY_MIN_LENGTH} characters (openssl rand -base64 32 makes one).`,
    );
  return createHmac('sha256', hashKey).update(`${subject.kind}:${subject.value}`).digest('hex');
}

/** Where a request is recorded, and the key its identifier is hashed with. */
type PrivacyRecords = { db: Firestore; hashKey: string };

type FoundEnquiry = {
  collection: EnquiryCollection;
  id: string;
  ref: DocumentReference;
  data: Record<string, unknown>;
  resends: { ref: DocumentReference; data: Record<string, unknown> }[];
  /** Admission documents made from this enquiry: its sender's slots, its fingerprint, its acknowledgement. */
  admission: DocumentReference[];
};

type Found = { subject: PrivacySubject; enquiries: FoundEnquiry[] };

/** Whether a stored enquiry is this person's, compared as admission compares senders. */
function matches(subject: PrivacySubject, data: Record<string, unknown>): boolean {
  return subject.kind === 'email'
    ? normaliseEmail(data.email) === subject.value
    : phoneKey(data.phone) === subject.value;
}

/**
 * Every stored value that compares equal to the identifier: a phone is stored as its key (ten
 * digits for India, E.164 abroad: the contract), an address as typed, so the typed forms seen in
 * enquiries are asked for too.
 */
function storedForms(subject: PrivacySubject, raw: string): string[] {
  if (subject.kind === 'phone') return [subject.value];
  return [...new Set([subject.value, raw.trim(), raw.trim().toLowerCase()])];
}

async function admissionDocsOf(
  db: Firestore,
  collection: EnquiryCollection,
  enquiry: DocumentReference,
  data: Record<string, unknown>,
) {
  const receivedAt = receivedAtOf(data) ?? new Date(0);
  const keys = admissionKeys(collection, data, receivedAt);
  const refs = new Map<string, DocumentReference>();
  const slots = await db.collection(ADMISSION_COLLECTION).where(COUNTER_FIELD, '==', keys.sender).get();
  for (const slot of slots.docs) refs.set(slot.ref.path, slot.ref);
  const fingerprint = db.collection(ADMISSION_COLLECTION).doc(keys.duplicate);
  refs.set(fingerprint.path, fingerprint);
  // A fingerprint names its enquiry: found even when a correction since changed what it was made from.
  const made = await db.collection(ADMISSION_COLLECTION).where('original', '==', enquiry.path).get();
  for (const madeFor of made.docs) refs.set(madeFor.ref.path, madeFor.ref);
  if (typeof data.email === 'string') {
    const acknowledgement = db
      .collection(ADMISSION_COLLECTION)
      .doc(acknowledgementKey(data.email, receivedAt));
    refs.set(acknowledgement.path, acknowledgement);
  }
  // Only what exists: a fingerprint or an acknowledgement that was never written is not found.
  const existing = await db.getAll(...refs.values());
  return existing.filter((snapshot) => snapshot.exists).map((snapshot) => snapshot.ref);
}

/** Finds every enquiry of the person in both forms, with its resend records and admission documents. */
export async function findSubject(
  db: Firestore,
  subject: PrivacySubject,
  raw = subject.value,
): Promise<Found> {
  const field = subject.kind === 'email' ? 'email' : 'phone';
  const enquiries: FoundEnquiry[] = [];
  for (const collection of ENQUIRY_COLLECTIONS) {
    const snapshot = await db.collection(collection).where(field, 'in', storedForms(subject, raw)).get();
    const byKey = await db
      .collection(collection)
      .where(`notification.contactKeys.${subject.kind}`, '==', subject.value)
      .get();
    const docs = new Map([...snapshot.docs, ...byKey.docs].map((doc) => [doc.ref.path, doc]));
    for (const doc of [...docs.values()].sort((a, b) => a.id.localeCompare(b.id))) {
      const data = doc.data();
      if (!matches(subject, data)) continue;
      const resends = await db.collection(RESENDS_COLLECTION).where('enquiry', '==', doc.ref.path).get();
      enquiries.push({
        collection,
        id: doc.id,
        ref: doc.ref,
        data,
        resends: resends.docs.map((resend) => ({ ref: resend.ref, data: resend.data() })),
        admission: await admissionDocsOf(db, collection, doc.ref, data),
      });
    }
  }
  return { subject, enquiries };
}

type FoundCounts = { enquiries: number; resends: number; admission: number };

export function countsOf(found: Found): FoundCounts {
  return {
    enquiries: found.enquiries.length,
    resends: found.enquiries.reduce((sum, enquiry) => sum + enquiry.resends.length, 0),
    admission: new Set(found.enquiries.flatMap((enquiry) => enquiry.admission.map((ref) => ref.path))).size,
  };
}

/** What the system cannot delete, so the owner knows to delete it there. */
function outsideTheSystem(found: Found): string[] {
  const emailed = found.enquiries.filter((enquiry) => {
    const record = enquiry.data.notification as Record<string, unknown> | undefined;
    return record && ['SENT', 'DIGESTED', 'SENDING', 'FAILED'].includes(String(record.state));
  });
  if (found.enquiries.length === 0) return [];
  const ids = emailed.map((enquiry) => `${enquiry.collection}/${enquiry.id}`);
  return [
    `The sales emails about ${emailed.length} of these enquiries (and any hourly digests that listed them) are in the sales mailbox: search it for ${ids.length ? ids.join(', ') : 'the enquiry IDs above'} (the X-Enquiry-Id header) and for the person's address or number, and delete them there.`,
    'WhatsApp alerts about them are on the sales phones: delete those chats there.',
  ];
}

/** A Firestore value as JSON: times in India time, maps and lists as they are. */
function plain(value: unknown): unknown {
  const date = value instanceof Timestamp ? value.toDate() : null;
  if (date) return formatIndiaIso(date);
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  return value;
}

/** The export: everything found, fit to send to the person who asked (JSON), and a readable summary. */
export function exportSubject(found: Found, now: Date): { json: string; summary: string } {
  const enquiries = found.enquiries.map((enquiry) => {
    const { notification, followUp, ...fields } = enquiry.data;
    return {
      form: enquiry.collection,
      id: enquiry.id,
      fields: plain(fields),
      followUp: plain(followUp ?? null),
      delivery: plain(notification ?? null),
      resends: enquiry.resends.map((resend) => plain(resend.data)),
    };
  });
  const counts = countsOf(found);
  const json = JSON.stringify(
    {
      request: {
        kind: 'copy',
        identifier: `${found.subject.kind}: ${found.subject.value}`,
        at: formatIndiaIso(now),
      },
      counts,
      enquiries,
      notHeldHere: outsideTheSystem(found),
    },
    null,
    2,
  );
  const lines = [
    `Data held about ${found.subject.kind} ${found.subject.value}, as of ${formatIndiaIso(now)}`,
    '',
    counts.enquiries === 0
      ? 'No enquiry was found.'
      : `${counts.enquiries} enquir${counts.enquiries === 1 ? 'y' : 'ies'}, ${counts.resends} resend record(s), ${counts.admission} admission record(s) (counters and fingerprints, holding only hashes).`,
    ...found.enquiries.map((enquiry) => {
      const received = receivedAtOf(enquiry.data);
      const name = typeof enquiry.data.name === 'string' ? enquiry.data.name : '';
      return `- ${enquiry.collection}/${enquiry.id}: ${name}, received ${received ? formatIndiaIso(received) : 'unknown'}`;
    }),
    '',
    ...outsideTheSystem(found),
  ];
  return { json, summary: `${lines.join('\n')}\n` };
}

type ErasureResult = {
  found: FoundCounts;
  deleted: FoundCounts;
  notDeleted: string[];
  requestId: string;
};

/**
 * Deletes what was found: dependants first (resend records, admission documents) in batches, then
 * the enquiries in one batch, so the person disappears from the inbox at once. Records the request.
 */
export async function eraseSubject(
  { db, hashKey }: PrivacyRecords,
  found: Found,
  by: string,
  now: Date,
  hooks: { afterBatch?: (written: number) => void | Promise<void> } = {},
): Promise<ErasureResult> {
  const counts = countsOf(found);
  const request = await recordRequest({ db, hashKey }, 'erase', found, by, now, {
    found: counts,
    state: 'started',
  });
  const dependants = [
    ...new Map(
      found.enquiries
        .flatMap((enquiry) => [...enquiry.resends.map((resend) => resend.ref), ...enquiry.admission])
        .map((ref) => [ref.path, ref]),
    ).values(),
  ];
  for (let start = 0; start < dependants.length; start += BATCH_LIMIT) {
    const batch = db.batch();
    const slice = dependants.slice(start, start + BATCH_LIMIT);
    for (const ref of slice) batch.delete(ref);
    await batch.commit();
    await hooks.afterBatch?.(slice.length);
  }
  for (let start = 0; start < found.enquiries.length; start += BATCH_LIMIT) {
    const batch = db.batch();
    for (const enquiry of found.enquiries.slice(start, start + BATCH_LIMIT)) batch.delete(enquiry.ref);
    await batch.commit();
  }
  const notDeleted = outsideTheSystem(found);
  await request.update({ state: 'done', deleted: counts, finishedAt: Timestamp.fromDate(new Date()) });
  return { found: counts, deleted: counts, notDeleted, requestId: request.id };
}

/** One `privacy-requests` document: the kind, the identifier's keyed hash, the counts, who and when. */
export async function recordRequest(
  { db, hashKey }: PrivacyRecords,
  kind: 'find' | 'export' | 'erase',
  found: Found,
  by: string,
  now: Date,
  extra: Record<string, unknown> = {},
): Promise<DocumentReference> {
  const ref = db.collection(PRIVACY_REQUESTS_COLLECTION).doc();
  await ref.set({
    kind,
    identifierKind: found.subject.kind,
    subjectHmacSha256: subjectHash(found.subject, hashKey),
    found: countsOf(found),
    by,
    at: Timestamp.fromDate(now),
    ...extra,
  });
  return ref;
}

/** Enquiries, resend records and admission documents whose expiry has passed: what TTL deletes. */
export async function purgeExpired(db: Firestore, now: Date): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const collection of [...ENQUIRY_COLLECTIONS, RESENDS_COLLECTION, ADMISSION_COLLECTION]) {
    let total = 0;
    for (;;) {
      const page = await db
        .collection(collection)
        .where('expiresAt', '<=', Timestamp.fromDate(now))
        .orderBy('expiresAt')
        .orderBy(FieldPath.documentId())
        .limit(BATCH_LIMIT)
        .get();
      if (page.empty) break;
      const batch = db.batch();
      for (const doc of page.docs) batch.delete(doc.ref);
      await batch.commit();
      total += page.size;
    }
    deleted[collection] = total;
  }
  return deleted;
}
