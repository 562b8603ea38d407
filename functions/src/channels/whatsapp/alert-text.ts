/**
 * What a WhatsApp alert says: the template parameters for one enquiry and for a digest. Visitor text
 * is cleaned, never trusted: Meta refuses a parameter with a line break or a tab, or more than four
 * spaces in a row, and a parameter cannot carry markup, so each is one line of visible text (the
 * email's oneLineText), cut to a length a phone shows whole.
 */
import type { StoredEnquiry } from '../../contract/stored-enquiry';
import { phoneLinks } from '../../contract/contact-links';
import { enquiryReference } from '../../contract/enquiry-reference';
import { ENQUIRY_COLLECTION } from '../../contract/collections';
import { enquiryInboxPath } from '../../contract/inbox-address';
import { fieldText } from '../../contract/stored-enquiry';
import { cutTo, oneLineText } from '../../contract/visitor-text';

/** A parameter longer than this is cut (with …): an alert is read in a notification. */
const MAX_PARAMETER_LENGTH = 60;
const NOT_GIVEN = '—';

/** One line of visible text, never empty, within MAX_PARAMETER_LENGTH. */
function cleanParameter(value: unknown): string {
  const line = oneLineText(fieldText(value)).replace(/\s+/g, ' ').trim();
  return cutTo(line, MAX_PARAMETER_LENGTH) || NOT_GIVEN;
}

/** The sales inbox's address of one enquiry: one tap from the alert opens its detail. */
function inboxLink(siteUrl: string, enquiry: { collection: string; id: string }): string {
  return `${siteUrl.replace(/\/+$/, '')}${enquiryInboxPath(enquiry)}`;
}

/** ENQUIRY_ALERT_TEMPLATE's seven parameters for one enquiry. */
export function enquiryAlertParameters(enquiry: StoredEnquiry, siteUrl: string): string[] {
  const full = enquiry.collection === ENQUIRY_COLLECTION;
  const phone = fieldText(enquiry.data.phone);
  return [
    full ? 'full enquiry' : 'popup enquiry',
    cleanParameter(enquiry.data.name),
    cleanParameter(full ? enquiry.data.ordertype : enquiry.data.business),
    full ? cleanParameter(enquiry.data.city) : 'city not given',
    phoneLinks(phone)?.display ?? cleanParameter(phone),
    inboxLink(siteUrl, enquiry),
    enquiryReference(enquiry.id),
  ];
}

/** DIGEST_ALERT_TEMPLATE's one parameter. */
export function digestAlertParameters(count: number): string[] {
  return [String(count)];
}
