/**
 * One-tap links to a buyer: call, WhatsApp and email, for the sales email and the sales inbox
 * alike. Built only from values the contract accepts: a stored phone number that exists in its
 * country's plan (dialled as the E.164 number phone.ts derives from it, never a guessed +91), an
 * address.
 *
 * Part of the contract: imports the contract (and, through phone-plans.ts, libphonenumber-js).
 */
import { phoneValidity } from './phone-plans';

/** Percent-encodes everything but unreserved characters (RFC 3986), so `+` and `'` survive a mail client. */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A `mailto:` link (RFC 6068): local part and domain percent-encoded, the @ between them kept. */
export function mailtoHref(address: string, fields: { subject?: string; body?: string } = {}): string {
  const at = address.lastIndexOf('@');
  const encoded = `${percentEncode(address.slice(0, at))}@${percentEncode(address.slice(at + 1))}`;
  const query = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${percentEncode(value ?? '')}`)
    .join('&');
  return query ? `mailto:${encoded}?${query}` : `mailto:${encoded}`;
}

type PhoneLinks = { display: string; tel: string; whatsapp: string };

/** A WhatsApp chat with an E.164 number (wa.me takes the digits alone), with a first message when given. */
export function whatsAppChatHref(e164: string, text?: string): string {
  const chat = `https://wa.me/${e164.replace(/^\+/, '')}`;
  return text === undefined ? chat : `${chat}?text=${percentEncode(text)}`;
}

/**
 * `+91 98765 43210` or `+1 212 555 0100`, its `tel:` link and its WhatsApp chat (with a first
 * message when given), or null for anything that is not a number valid for its country
 * (phoneValidity says why, for the reader to show instead).
 */
export function phoneLinks(phone: string, whatsAppText?: string): PhoneLinks | null {
  const validity = phoneValidity(phone);
  if (!validity.valid) return null;
  return {
    display: validity.display,
    tel: `tel:${validity.e164}`,
    whatsapp: whatsAppChatHref(validity.e164, whatsAppText),
  };
}
