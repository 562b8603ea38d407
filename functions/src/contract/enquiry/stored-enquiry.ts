/**
 * The one reader of a stored enquiry, for the functions, the sales inbox and the scripts alike: an
 * enquiry document is untrusted data (a visitor wrote its fields; the Admin SDK or an older release
 * may have written anything), so every reader takes it through these getters instead of casting.
 *
 * Part of the contract: imports only the contract.
 */
import type { EnquiryCollection } from './collections';
import { NOTIFICATION_FIELD, type DeliveryRecord } from '../delivery/delivery';
import { SERVER_TIMESTAMP_FIELD } from './enquiry';
import { asDate } from '../base/india-time';

/** One stored enquiry: where it is, its data as stored, and the server's time of the write. */
export type StoredEnquiry = {
  collection: EnquiryCollection;
  id: string;
  /** The document's data; read its values through textOf, fieldText and asDate. */
  data: Record<string, unknown>;
  /** The server time of the write (`createdAt`), when the document has one. */
  receivedAt: Date | null;
};

/** The enquiry at `ref` as stored (`data` as a snapshot gives it; a missing document reads as empty). */
export function readStoredEnquiry(
  ref: { collection: EnquiryCollection; id: string },
  data: Record<string, unknown> | undefined,
): StoredEnquiry {
  const stored = data ?? {};
  return {
    collection: ref.collection,
    id: ref.id,
    data: stored,
    receivedAt: receivedAtOf(stored),
  };
}

/** When the enquiry arrived: the server time of its write (`createdAt`), or null without one. */
export function receivedAtOf(data: Record<string, unknown>): Date | null {
  return asDate(data[SERVER_TIMESTAMP_FIELD]);
}

/** `collection/id`: how the inbox's address, the digest and the logs name one enquiry. */
export const enquiryKey = (enquiry: { collection: string; id: string }) =>
  `${enquiry.collection}/${enquiry.id}`;

/** A value the contract stores as text, as text: '' when it is missing or not text. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A stored value shown as text (a number or a map that an Admin-written document holds as well). */
export function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** One field the visitor sent, as text. */
export function enquiryText(enquiry: Pick<StoredEnquiry, 'data'>, field: string): string {
  return textOf(enquiry.data[field]);
}

/** The map stored at `field`, or an empty one when it is missing or not a map. */
export function mapAt(data: Record<string, unknown>, field: string): Record<string, unknown> {
  const value = data[field];
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The delivery record (`notification`) as the functions write it, or an empty one; each value is
 * still read through textOf, fieldText or asDate, since an Admin-written document may hold anything.
 */
export function deliveryRecordOf(data: Record<string, unknown>): Partial<DeliveryRecord<unknown>> {
  return mapAt(data, NOTIFICATION_FIELD) as Partial<DeliveryRecord<unknown>>;
}
