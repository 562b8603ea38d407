/**
 * Who a buyer is, as admission control compares senders: an email address without case or outer
 * spaces, and a phone number as phone.ts's `phoneKey` (an Indian number its ten digits however it
 * is written, a number abroad its E.164 string with the `+`).
 * Admission, the digest's buyer signals, a privacy request and the sales inbox's "enquiries from
 * this buyer" all compare people by these keys, so they agree on who is the same person.
 *
 * Part of the contract: imports only the contract.
 */
import { phoneKey } from './phone';
import { textOf } from './stored-enquiry';

export { phoneKey } from './phone';

export function normaliseEmail(value: unknown): string {
  return textOf(value).trim().toLowerCase();
}

/** `notification.contactKeys` on a delivery record: the person's address and number, compared. */
export type ContactKeys = { email: string; phone: string };

/** An enquiry's contact keys, from what it stores now. */
export function contactKeysOf(data: Record<string, unknown>): ContactKeys {
  return { email: normaliseEmail(data.email), phone: phoneKey(data.phone) };
}
