/**
 * One-tap links to a buyer: call, WhatsApp and email, for the sales email and the sales inbox
 * alike. Built only from values the contract accepts: a ten-digit Indian number, an address.
 *
 * Part of the contract: imports only the contract.
 */
import { PHONE_PATTERN } from './enquiry';

/** Country code for the call and WhatsApp links: the contract stores ten-digit Indian numbers. */
const INDIA_DIALLING_CODE = '91';

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

/**
 * `+91 98765 43210`, its `tel:` link and its WhatsApp chat (with a first message when given), or
 * null for anything that is not a contract phone number.
 */
export function phoneLinks(phone: string, whatsAppText?: string): PhoneLinks | null {
  if (!PHONE_PATTERN.test(phone)) return null;
  const chat = `https://wa.me/${INDIA_DIALLING_CODE}${phone}`;
  return {
    display: `+${INDIA_DIALLING_CODE} ${phone.slice(0, 5)} ${phone.slice(5)}`,
    tel: `tel:+${INDIA_DIALLING_CODE}${phone}`,
    whatsapp: whatsAppText === undefined ? chat : `${chat}?text=${percentEncode(whatsAppText)}`,
  };
}
