/**
 * Who a buyer is, as admission control compares senders: an email address without outer spaces,
 * in NFKC form, case-folded, and a phone number as phone.ts's `phoneKey` (an Indian number its ten
 * digits however it is written, a number abroad its E.164 string with the `+`).
 * Admission, the digest's buyer signals, a privacy request and the sales inbox's "enquiries from
 * this buyer" all compare people by these keys, so they agree on who is the same person.
 *
 * Part of the contract: imports only the contract.
 */
import { phoneKey } from './phone';
import { textOf } from './stored-enquiry';

/**
 * Normalised once, the same way for stored addresses and asked-for ones: NFKC, then case-folded.
 * (Lower case alone folds the Kelvin sign K into k; the privacy tools refuse an identifier that
 * NFKC would change, so such a look-alike never reaches this as someone else's address.)
 */
export function normaliseEmail(value: unknown): string {
  return textOf(value).trim().normalize('NFKC').toLowerCase();
}

/** `notification.contactKeys` on a delivery record: the person's address and number, compared. */
export type ContactKeys = { email: string; phone: string };

/** An enquiry's contact keys, from what it stores now. */
export function contactKeysOf(data: Record<string, unknown>): ContactKeys {
  return { email: normaliseEmail(data.email), phone: phoneKey(data.phone) };
}
