/**
 * Shared fixtures for the tests that drive the functions' delivery code against the Firestore
 * emulator: sample enquiries, storing them as the site would, the recording logger, a hand-moved
 * clock and the deps the delivery functions take. The Admin SDK itself is in firestore-admin.ts.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  buildEnquiryPayload,
  buildPopupEnquiryPayload,
  type EnquiryFormValues,
  type PopupEnquiryFormValues,
} from '../../functions/src/contract/enquiry/enquiry';
import { DEFAULT_ADMISSION_LIMITS, type DeliveryDeps } from '../../functions/src/enquiry/deps';
import type { DeliveryLog } from '../../functions/src/logs';
import type { DeliveryRecord } from '../../functions/src/contract/delivery/delivery';
import { INDIA_OFFSET_MS } from '../../functions/src/contract/base/india-time';
import type { MailSettings } from '../../functions/src/channels/mail/message';
import { createSmtpTransport } from '../../functions/src/channels/mail/transport';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';

export const SALES_SETTINGS: MailSettings = {
  salesRecipients: ['sales@example.com', 'owner@example.com'],
  from: 'SME Hair website <enquiries@sme-hair.example>',
  acknowledgeVisitor: false,
};

export type LogEntry = { level: 'info' | 'warn' | 'error'; message: string; fields: Record<string, unknown> };

export function recordingLog(): DeliveryLog & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    info: (message, fields) => entries.push({ level: 'info', message, fields }),
    warn: (message, fields) => entries.push({ level: 'warn', message, fields }),
    error: (message, fields) => entries.push({ level: 'error', message, fields }),
  };
}

/** A clock the test moves by hand; starts at the real time so server timestamps line up. */
/**
 * A clock that runs with real time and can be moved on. Given `startAt`, it starts there instead
 * of now (see nextIndiaHour): a test that counts by India day or hour must not depend on the time of
 * day it runs at.
 */
export function testClock(startAt?: Date): { now: () => Date; advance: (ms: number) => void } {
  let offsetMs = startAt ? startAt.getTime() - Date.now() : 0;
  return { now: () => new Date(Date.now() + offsetMs), advance: (ms) => (offsetMs += ms) };
}

/** The next moment India's clock shows `hour`:00:00, within the coming day. */
export function nextIndiaHour(hour: number, from = new Date()): Date {
  const hourMs = 60 * 60_000;
  const dayMs = 24 * hourMs;
  const local = from.getTime() + INDIA_OFFSET_MS;
  const target = Math.floor(local / dayMs) * dayMs + hour * hourMs;
  return new Date((target > local ? target : target + dayMs) - INDIA_OFFSET_MS);
}

export function deliveryDeps(
  db: Firestore,
  smtpPort: number,
  overrides: Partial<DeliveryDeps> = {},
): DeliveryDeps & { log: ReturnType<typeof recordingLog> } {
  return {
    db,
    transport: createSmtpTransport({
      host: '127.0.0.1',
      port: smtpPort,
      secure: false,
      user: '',
      password: '',
    }),
    mail: SALES_SETTINGS,
    limits: DEFAULT_ADMISSION_LIMITS,
    clock: () => new Date(),
    ...overrides,
    log: recordingLog(),
  };
}

export const PRIYA: EnquiryFormValues = {
  name: 'Priya Raman',
  companyname: 'Raman Salons',
  phone: '9876543210',
  email: 'priya@example.com',
  city: 'Chennai',
  ordertype: 'Bulk',
  message: 'Please quote for 20 kg of raw temple hair, 10-18 inch, delivered monthly.',
};

export const ARUN: PopupEnquiryFormValues = {
  name: 'Arun Kumar',
  email: 'arun@example.com',
  phone: '9123456780',
  business: 'I am a Salon Retailer',
};

/** Stores a full enquiry as the site would (Admin SDK here: the rules are not under test). */
export async function storeEnquiry(
  db: Firestore,
  values: EnquiryFormValues = PRIYA,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const payload = buildEnquiryPayload(values, 'Enquirypage', new Date());
  const ref = await db
    .collection(ENQUIRY_COLLECTION)
    .add({ ...payload, createdAt: Timestamp.now(), ...extra });
  return ref.id;
}

export async function storePopupEnquiry(
  db: Firestore,
  values: PopupEnquiryFormValues = ARUN,
): Promise<string> {
  const payload = buildPopupEnquiryPayload(values, new Date());
  const ref = await db.collection(POPUP_ENQUIRY_COLLECTION).add({ ...payload, createdAt: Timestamp.now() });
  return ref.id;
}

export async function deliveryRecord(
  db: Firestore,
  collection: string,
  id: string,
): Promise<DeliveryRecord<Timestamp>> {
  const snapshot = await db.collection(collection).doc(id).get();
  return snapshot.get('notification') as DeliveryRecord<Timestamp>;
}

let eventCounter = 0;

/** A created-document event as the platform delivers it to the handler. */
export function createdEvent(enquiryId: string, time = new Date()) {
  eventCounter += 1;
  return { id: `event-${eventCounter}-${enquiryId}`, time: time.toISOString(), params: { enquiryId } };
}
