/**
 * What a WhatsApp alert says: the template parameters for one enquiry and for a digest. Visitor text
 * is cleaned, never trusted: Meta refuses a parameter with a line break or a tab, or more than four
 * spaces in a row, so each is one line of visible text (the email's oneLineText), cut to a length a
 * phone shows whole. And it must not pass for the template's own words: the alert's only phone
 * number is the buyer's (from the contract) and its only link the inbox's, so a name, an order type
 * or a city loses what would read as another (a link, a `wa.me` chat, a run of digits a phone
 * offers to call, a domain a phone turns into a link) and WhatsApp's formatting marks.
 */
import type { StoredEnquiry } from '../../contract/stored-enquiry';
import { phoneValidity } from '../../contract/phone-plans';
import { enquiryReference } from '../../contract/enquiry-reference';
import { ENQUIRY_COLLECTION } from '../../contract/collections';
import { enquiryInboxPath } from '../../contract/inbox-address';
import { fieldText } from '../../contract/stored-enquiry';
import { cutTo, oneLineText } from '../../contract/visitor-text';
import { requestedSummaryOf } from '../../contract/request-lines';

/** A parameter longer than this is cut (with …): an alert is read in a notification. */
const MAX_PARAMETER_LENGTH = 60;
const NOT_GIVEN = '—';

/** An address a phone shows as a link: any scheme's, `www.`, a `wa.me` chat. */
const LINK = /\b[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.\S*|\bwa\.me\b\S*/giu;
/** What reads as a phone number: seven digits or more, with what people put between them. */
const PHONE_LIKE = /\+?\p{Nd}(?:[\s().-]?\p{Nd}){6,}/gu;
/** WhatsApp's formatting marks: bold, italic, strike-through, monospace. */
const FORMATTING = /[*_~`]/g;
/** A dot before a word, as in `evil.com`, which a phone turns into a link: it gets a space. */
const LINKING_DOT = /\.(?=\p{L}{2})/gu;

/**
 * One line of visible text, never empty, within MAX_PARAMETER_LENGTH, that cannot pass for the
 * template's own words. Compatibility forms first (NFKC), so fullwidth `ｗａ．ｍｅ` or `＋９１` read as
 * what they look like.
 */
function cleanParameter(value: unknown): string {
  const line = oneLineText(fieldText(value).normalize('NFKC'))
    .replace(LINK, ' ')
    .replace(PHONE_LIKE, ' ')
    .replace(FORMATTING, '')
    .replace(LINKING_DOT, '. ')
    .replace(/\s+/g, ' ')
    .trim();
  return cutTo(line, MAX_PARAMETER_LENGTH) || NOT_GIVEN;
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
