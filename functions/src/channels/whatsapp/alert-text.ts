/**
 * What a WhatsApp alert says: the template parameters for one enquiry and for a digest. Visitor text
 * is cleaned, never trusted: Meta refuses a parameter with a line break or a tab, or more than four
 * spaces in a row, so each is one line of visible text (the email's oneLineText), cut to a length a
 * phone shows whole. And it must not pass for the template's own words: the alert's only phone
 * number is the buyer's (from the contract) and its only link the inbox's, so a name, an order type
 * or a city loses what would read as another (a link, a `wa.me` chat, a run of digits a phone
 * offers to call, a domain a phone turns into a link) and WhatsApp's formatting marks.
 */
import type { StoredEnquiry } from '../../contract/enquiry/stored-enquiry';
import { phoneValidity } from '../../contract/enquiry/phone-plans';
import { enquiryReference } from '../../contract/enquiry/enquiry-reference';
import { ENQUIRY_COLLECTION } from '../../contract/enquiry/collections';
import { enquiryInboxPath } from '../../contract/inbox/inbox-address';
import { fieldText } from '../../contract/enquiry/stored-enquiry';
import { cutTo, oneLineText } from '../../contract/enquiry/visitor-text';
import { requestedSummaryOf } from '../../contract/enquiry/request-lines';

/** A parameter longer than this is cut (with …): an alert is read in a notification. */
const MAX_PARAMETER_LENGTH = 60;
const NOT_GIVEN = '—';

/**
 * WhatsApp's formatting marks: bold, italic, strike-through, monospace. They go first, so a mark
 * cannot hide a number or a link from the filters below (`98765*43210`, `http*://`).
 */
const FORMATTING = /[*_~`]/g;
/** An address a phone opens: any scheme's with `//` (or `\\`), `www.`, a `wa.me` chat, an app's scheme. */
const LINK =
  /[a-z][a-z0-9+.-]*:[/\\]{2}\S*|\bwww\.\S*|wa\.me\b\S*|\b(?:tel|sms|smsto|mailto|whatsapp|intent|javascript|data|geo|market):(?=\S)\S*/giu;
/** An IPv4 address, which a phone links without a scheme: `1.2.3.4`. */
const IP_ADDRESS = /\p{Nd}{1,3}(?:[.\u3002]\p{Nd}{1,3}){3}/gu;
/**
 * What a phone reads across inside a number, as its dialler and libphonenumber do: spaces, dashes,
 * the minus sign, dots, brackets, slashes, a plus, and a joiner a script keeps between its digits.
 * (A comma or a letter ends a number: `22 in, 8 kg` is two quantities.)
 */
const DIAL_SEPARATOR = '[\\s\\p{Pd}\\p{Ps}\\p{Pe}\\u2212.\\u3002/\\\\+\\u200c\\u200d]';
/** What reads as a phone number: seven digits or more, with any separators between them. */
const PHONE_LIKE = new RegExp(`\\+?\\p{Nd}(?:${DIAL_SEPARATOR}*\\p{Nd}){6,}`, 'gu');
/** A dot before a word, as in `evil.com` or `evil。com`, which a phone turns into a link: it gets a space. */
const LINKING_DOT = /[.\u3002](?=\p{L}\p{M}*\p{L})/gu;
/** The ellipsis cutTo ends a cut with: kept as it is, since NFKC would make it three dots. */
const ELLIPSIS = '…';
/**
 * Rounds of cleaning before a parameter is given up as NOT_GIVEN: each round removes what the one
 * before exposed (`98765 http://x 43210` is a number once the link is gone); two or three settle.
 */
const MAX_CLEANING_ROUNDS = 16;

/**
 * Compatibility forms folded (NFKC), so fullwidth `ｗａ．ｍｅ`, `＋９１` or `①` read as what they look
 * like; the cut's ellipsis kept.
 */
function compatibilityFolded(value: string): string {
  return value
    .split(ELLIPSIS)
    .map((part) => part.normalize('NFKC'))
    .join(ELLIPSIS);
}

/** One round: marks out first, then links, addresses and numbers, on one visible line. */
function cleaningRound(value: string): string {
  const line = oneLineText(compatibilityFolded(value))
    .replace(FORMATTING, '')
    .replace(LINK, ' ')
    .replace(IP_ADDRESS, ' ')
    .replace(PHONE_LIKE, ' ')
    .replace(LINKING_DOT, (dot) => `${dot} `)
    .replace(/\s+/g, ' ')
    .trim();
  return cutTo(line, MAX_PARAMETER_LENGTH);
}

/**
 * One line of visible text, never empty, within MAX_PARAMETER_LENGTH, that cannot pass for the
 * template's own words. Cleaned until a round changes nothing, so cleaning it again changes
 * nothing either (alert-text.test.ts checks both on generated text).
 */
export function cleanParameter(value: unknown): string {
  let text = fieldText(value);
  for (let round = 0; round < MAX_CLEANING_ROUNDS; round += 1) {
    const next = cleaningRound(text);
    if (next === text) return text || NOT_GIVEN;
    text = next;
  }
  return NOT_GIVEN;
}

/** The sales inbox's address of one enquiry: one tap from the alert opens its detail. */
function inboxLink(siteUrl: string, enquiry: { collection: string; id: string }): string {
  return `${siteUrl.replace(/\/+$/, '')}${enquiryInboxPath(enquiry)}`;
}

/**
 * The third parameter: the order type (the popup's: the kind of business), then what the buyer asks
 * a quote for when they chose lines (`Bulk · Machine Weft 22 in, 8 kg, +2 more`) or the product page
 * the popup was on (`I am a Wholesaler · Machine Weft`), cleaned like any visitor text.
 */
function whatParameter(enquiry: StoredEnquiry, full: boolean): string {
  const asked = requestedSummaryOf(enquiry.data);
  const what = full ? fieldText(enquiry.data.ordertype) : fieldText(enquiry.data.business);
  return cleanParameter(asked ? `${what} · ${asked}` : what);
}

/**
 * The fifth parameter: the buyer's number as their country writes it, or, for a number its
 * country's plan does not have, only why (`not a valid number for India`), so the alert offers
 * nothing to tap.
 */
function phoneParameter(phone: unknown): string {
  const validity = phoneValidity(phone);
  return validity.valid ? validity.display : validity.note;
}

/** ENQUIRY_ALERT_TEMPLATE's seven parameters for one enquiry. */
export function enquiryAlertParameters(enquiry: StoredEnquiry, siteUrl: string): string[] {
  const full = enquiry.collection === ENQUIRY_COLLECTION;
  return [
    full ? 'full enquiry' : 'popup enquiry',
    cleanParameter(enquiry.data.name),
    whatParameter(enquiry, full),
    full ? cleanParameter(enquiry.data.city) : 'city not given',
    phoneParameter(enquiry.data.phone),
    inboxLink(siteUrl, enquiry),
    enquiryReference(enquiry.id),
  ];
}

/** DIGEST_ALERT_TEMPLATE's one parameter. */
export function digestAlertParameters(count: number): string[] {
  return [String(count)];
}
