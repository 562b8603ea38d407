/**
 * Who a buyer is, as admission control compares senders: an email address without outer spaces,
 * in NFKC form, case-folded, and a phone number as phone.ts's `phoneKey` (an Indian number its ten
 * digits however it is written, a number abroad its E.164 string with the `+`).
 * Admission, the digest's buyer signals, a privacy request and the sales inbox's "enquiries from
 * this buyer" all compare people by these keys, so they agree on who is the same person.
 *
 * Part of the contract: imports only the contract.
 */
import { withoutHiddenCharacters } from './hidden-characters';
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

/**
 * Mail providers known to deliver `a.b.c@` to `abc@`, with the domains that are one mailbox
 * (Gmail answers to both): the dots in the local part are dropped for these alone.
 */
const DOT_BLIND_DOMAINS: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * The mailbox an address delivers to, as far as a sender can tell: NFKC, case-folded, without
 * hidden characters, without the `+tag` (`victim+5@` reaches `victim@`), and for providers that
 * ignore dots without them (`vic.tim@gmail.com` is `victim@gmail.com`, as is `@googlemail.com`).
 * What the acknowledgement's once-a-day limit keys on, so variants of one address count as one.
 * Not who a buyer is: `normaliseEmail` decides that (two buyers may share a tagged mailbox).
 */
export function canonicalMailbox(value: unknown): string {
  const address = withoutHiddenCharacters(textOf(value)).normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1).replace(/\.+$/, '');
  const local = address.slice(0, at).split('+')[0] ?? '';
  const dotBlind = DOT_BLIND_DOMAINS[domain];
  return dotBlind ? `${local.replace(/\./g, '')}@${dotBlind}` : `${local}@${domain}`;
}

/** The domain of an address's mailbox (`gmail.com` for `@googlemail.com` too). */
export function mailboxDomain(value: unknown): string {
  const mailbox = canonicalMailbox(value);
  return mailbox.slice(mailbox.lastIndexOf('@') + 1);
}

/** `notification.contactKeys` on a delivery record: the person's address and number, compared. */
export type ContactKeys = { email: string; phone: string };

/** An enquiry's contact keys, from what it stores now. */
export function contactKeysOf(data: Record<string, unknown>): ContactKeys {
  return { email: normaliseEmail(data.email), phone: phoneKey(data.phone) };
}
