/**
 * Who a buyer is, as admission control compares senders: an email address without case or outer
 * spaces, and an Indian phone number as its ten digits (spaces, `+91` and a leading 0 ignored).
 * Admission, the digest's buyer signals, a privacy request and the sales inbox's "enquiries from
 * this buyer" all compare people by these keys, so they agree on who is the same person.
 *
 * Part of the contract: imports only the contract.
 */
import { textOf } from './stored-enquiry';

export function normaliseEmail(value: unknown): string {
  return textOf(value).trim().toLowerCase();
}

/** The ten digits of an Indian number however it is written: spaces, `+91` and a leading 0 ignored. */
export function normalisePhoneDigits(value: unknown): string {
  const digits = textOf(value).replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/** `notification.contactKeys` on a delivery record: the person's address and number, compared. */
export type ContactKeys = { email: string; phone: string };

/** An enquiry's contact keys, from what it stores now. */
export function contactKeysOf(data: Record<string, unknown>): ContactKeys {
  return { email: normaliseEmail(data.email), phone: normalisePhoneDigits(data.phone) };
}
