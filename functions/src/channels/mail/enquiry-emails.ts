/**
 * The emails about one enquiry: the sales team's notification (every field, one-click reply, call
 * and WhatsApp) and the visitor's acknowledgement (its reference, what it was about, when to
 * expect a reply in their own time). Visitor text goes through text.ts on its way in.
 */
import type { StoredEnquiry } from '../../contract/enquiry/stored-enquiry';
import { mailtoHref, phoneLinks, whatsAppChatHref } from '../../contract/enquiry/contact-links';
import {
  BUSINESS_OPTIONS,
  ENQUIRY_FIELDS,
  FIELDS_BY_COLLECTION,
  FORM_PAGES,
  ORDER_TYPES,
} from '../../contract/enquiry/enquiry';
import { formatIndiaDateTime } from '../../contract/base/india-time';
import { DEFAULT_BUSINESS_HOURS, parseBusinessHours, replyBy } from '../../contract/delivery/business-hours';
import { dateTimeIn, knownTimeZone, weekdayTimeIn, zonePlace } from '../../contract/enquiry/buyer-time';
import { countryName } from '../../contract/enquiry/countries';
import { enquiryReference } from '../../contract/enquiry/enquiry-reference';
import { phoneCountry, phoneValidity } from '../../contract/enquiry/phone-plans';
import { ENQUIRY_ID_HEADER, messageIdFor, type MailSettings, type OutgoingMail } from './message';
import {
  displayNameText,
  enquiryPathText,
  escapeHtml,
  field,
  headerText,
  isAcceptedAddress,
  NOT_GIVEN,
  visitorAddress,
} from './text';
import { ENQUIRY_COLLECTION } from '../../contract/enquiry/collections';

import { cutTo, oneLineText, visibleText } from '../../contract/enquiry/visitor-text';
import { leadSourceOfEnquiry, leadSourceRows } from '../../contract/enquiry/lead-source';
import {
  POPUP_PRODUCT_LABEL,
  popupProductLabel,
  PRODUCT_LABELS,
  requestLineAmountText,
  requestLinesOf,
  requestLineText,
  type RequestLine,
} from '../../contract/enquiry/request-lines';
/** Long enough for any subject the contract allows; cuts off what an Admin-written document might hold. */
const MAX_SUBJECT_LENGTH = 250;
/** A display name in Reply-To: the contract's name limit. */
const MAX_DISPLAY_NAME_LENGTH = ENQUIRY_FIELDS.name.maxLength;

/** `New enquiry: Priya Raman, Chennai (bulk)` or `New popup enquiry: Priya Raman (I am a Salon Retailer)`. */
export function salesSubject(enquiry: StoredEnquiry): string {
  const name = headerText(field(enquiry, 'name')) || 'no name given';
  if (enquiry.collection === ENQUIRY_COLLECTION) {
    const city = headerText(field(enquiry, 'city')) || 'no city given';
    const orderType = headerText(field(enquiry, 'ordertype')).toLowerCase() || 'no order type';
    return cutTo(`New enquiry: ${name}, ${city} (${orderType})`, MAX_SUBJECT_LENGTH);
  }
  const business = headerText(field(enquiry, 'business')) || 'no business given';
  return cutTo(`New popup enquiry: ${name} (${business})`, MAX_SUBJECT_LENGTH);
}

/** Where on the site the enquiry was sent from, in the sales team's words. */
export function formDescription(enquiry: StoredEnquiry): string {
  if (enquiry.collection !== ENQUIRY_COLLECTION) return 'Popup enquiry form';
  const formpage = field(enquiry, 'formpage');
  if (formpage === FORM_PAGES.home) return 'Full enquiry form (Homepage)';
  if (formpage === FORM_PAGES.enquiry) return 'Full enquiry form (Enquirypage)';
  if (formpage === '') return 'Full enquiry form';
  return `Full enquiry form (${formpage})`;
}

type Row = { label: string; value: string; kind: 'text' | 'multiline' | 'phone' | 'email' };

/** The country of the enquiry's phone number, by name ("United States"), or '' when it has none. */
function phoneCountryName(enquiry: StoredEnquiry): string {
  const country = phoneCountry(enquiry.data.phone);
  return country ? countryName(country) : '';
}

/**
 * The phone as the sales team reads it: `+91 98765 43210` when its country's plan has it, else the
 * number as stored with why it is not dialled, `0000000000 (not a valid number for India)`.
 */
function phoneText(value: string): string {
  const validity = phoneValidity(value);
  return validity.valid ? validity.display : `${value} (${validity.note})`;
}

/**
 * When the buyer sent it, on their own clock: `Fri 27 Nov 2026, 09:10 in New York
 * (America/New_York)`; null without a zone the platform knows (a zone it does not know is text a
 * stranger chose, and is not repeated to the sales team).
 */
function buyerSentText(enquiry: StoredEnquiry): string | null {
  const zone = knownTimeZone(field(enquiry, 'timezone'));
  if (!zone || !enquiry.receivedAt) return null;
  return `${dateTimeIn(enquiry.receivedAt, zone)} in ${zonePlace(zone)} (${zone})`;
}

/**
 * The table: the reference, the form, every contract field in contract order (the phone's
 * country beside it, the time zone as the buyer's time of sending), and when the server stored it.
 */
function enquiryRows(enquiry: StoredEnquiry): Row[] {
  const rows: Row[] = [
    { label: 'Reference', value: enquiryReference(enquiry.id), kind: 'text' },
    { label: 'Form', value: formDescription(enquiry), kind: 'text' },
  ];
  for (const [name, rule] of Object.entries(FIELDS_BY_COLLECTION[enquiry.collection])) {
    if (name === 'formpage' || name === 'timezone') continue;
    const kind =
      name === 'phone' ? 'phone' : name === 'email' ? 'email' : name === 'message' ? 'multiline' : 'text';
    rows.push({ label: rule.label, value: field(enquiry, name), kind });
    if (name === 'phone') rows.push({ label: 'Country', value: phoneCountryName(enquiry), kind: 'text' });
  }
  rows.push({
    label: 'Received',
    value: enquiry.receivedAt ? formatIndiaDateTime(enquiry.receivedAt) : 'unknown',
    kind: 'text',
  });
  const buyerSent = buyerSentText(enquiry);
  if (buyerSent) rows.push({ label: "Buyer's time", value: buyerSent, kind: 'text' });
  // Where the visit began: its label always, each other part only when the visit had it.
  for (const [index, row] of leadSourceRows(leadSourceOfEnquiry(enquiry.data)).entries())
    if (index === 0 || row.value) rows.push({ ...row, kind: 'text' });
  return rows;
}

function htmlCell(row: Row): string {
  if (row.value === '') return NOT_GIVEN;
  const text = escapeHtml(visibleText(row.value));
  if (row.kind === 'phone') {
    const links = phoneLinks(row.value);
    if (!links) return escapeHtml(visibleText(phoneText(row.value)));
    return (
      `<a href="${escapeHtml(links.tel)}">${escapeHtml(links.display)}</a>` +
      ` · <a href="${escapeHtml(links.whatsapp)}">WhatsApp</a>`
    );
  }
  if (row.kind === 'email' && isAcceptedAddress(row.value)) {
    return `<a href="${escapeHtml(mailtoHref(row.value))}">${text}</a>`;
  }
  if (row.kind === 'multiline') return `<div style="white-space:pre-wrap">${text}</div>`;
  return text;
}

function actionButtons(enquiry: StoredEnquiry, subject: string): string {
  const button = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 16px;` +
    `background:#7a4b2a;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">${label}</a>`;
  const buttons: string[] = [];
  const email = visitorAddress(enquiry);
  if (email) buttons.push(button(mailtoHref(email, { subject: `Re: ${subject}` }), 'Reply by email'));
  const links = phoneLinks(field(enquiry, 'phone'));
  if (links) {
    buttons.push(button(links.tel, `Call ${escapeHtml(links.display)}`));
    buttons.push(button(links.whatsapp, 'WhatsApp'));
  }
  return buttons.length ? `<p>${buttons.join('')}</p>` : '';
}

/** What the buyer asks a quote for, as a table of its own, before everything else they sent. */
/** The product page a popup enquiry came from, first, as the lines are for the full form. */
function popupProductHtml(data: Record<string, unknown>): string {
  const product = popupProductLabel(data);
  if (!product) return '';
  return `<p style="margin:0 0 12px"><strong>${POPUP_PRODUCT_LABEL}:</strong> ${escapeHtml(product)}</p>`;
}

function requestLinesHtml(lines: readonly RequestLine[]): string {
  if (lines.length === 0) return '';
  const cell = 'style="text-align:left;padding:6px 12px 6px 0;border-bottom:1px solid #ddd"';
  const head = ['Product', 'Length', 'Quantity', 'Samples first']
    .map((label) => `<th scope="col" ${cell}>${label}</th>`)
    .join('');
  const body = lines
    .map(
      (line) =>
        '<tr>' +
        [
          PRODUCT_LABELS[line.product],
          visibleText(line.length) || NOT_GIVEN,
          requestLineAmountText(line),
          line.samples ? 'Yes' : 'No',
        ]
          .map((value) => `<td ${cell}>${escapeHtml(value)}</td>`)
          .join('') +
        '</tr>',
    )
    .join('\n');
  return [
    '<h2 style="font-size:16px;margin:16px 0 8px">Asked a quote for</h2>',
    '<table style="border-collapse:collapse;margin-bottom:16px">',
    `<thead><tr>${head}</tr></thead>`,
    `<tbody>${body}</tbody>`,
    '</table>',
  ].join('\n');
}

function salesHtml(enquiry: StoredEnquiry, subject: string, rows: Row[]): string {
  const tableRows = rows
    .map(
      (row) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#555">` +
        `${escapeHtml(row.label)}</th><td style="padding:6px 0">${htmlCell(row)}</td></tr>`,
    )
    .join('\n');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>' + escapeHtml(subject) + '</title></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#222;line-height:1.45">',
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>`,
    actionButtons(enquiry, subject),
    requestLinesHtml(requestLinesOf(enquiry.data)),
    popupProductHtml(enquiry.data),
    '<table role="presentation" style="border-collapse:collapse">',
    tableRows,
    '</table>',
    '<p style="color:#777;font-size:13px">Replying to this email writes to the visitor. ' +
      `The enquiry is stored in Firestore as ${escapeHtml(enquiryPathText(enquiry))}.</p>`,
    '</body></html>',
  ].join('\n');
}

/** Every line break a mail client might honour, so each line of the message gets its indent. */
// eslint-disable-next-line no-control-regex -- vertical tab and form feed break lines too
const ANY_LINE_BREAK = /\r\n|[\n\r\u000b\f\u0085\u2028\u2029]/;
/** The message sits under its label, indented, so none of its lines starts at the margin. */
const MESSAGE_INDENT = '  ';

function salesText(enquiry: StoredEnquiry, subject: string, rows: Row[]): string {
  const lines = [subject, ''];
  const requested = requestLinesOf(enquiry.data);
  if (requested.length > 0)
    lines.push(
      'Asked a quote for:',
      ...requested.map((line) => `- ${oneLineText(requestLineText(line))}`),
      '',
    );
  const product = popupProductLabel(enquiry.data);
  if (product) lines.push(`${POPUP_PRODUCT_LABEL}: ${product}`, '');
  for (const row of rows) {
    if (row.kind === 'multiline') {
      const messageLines = row.value === '' ? [NOT_GIVEN] : row.value.split(ANY_LINE_BREAK);
      lines.push(`${row.label}:`, ...messageLines.map((line) => `${MESSAGE_INDENT}${oneLineText(line)}`));
    } else {
      const shown = row.kind === 'phone' && row.value ? phoneText(row.value) : row.value;
      lines.push(`${row.label}: ${oneLineText(shown) || NOT_GIVEN}`);
    }
  }
  const links = phoneLinks(field(enquiry, 'phone'));
  lines.push('');
  if (links) lines.push(`Call: ${links.tel}`, `WhatsApp: ${links.whatsapp}`);
  if (visitorAddress(enquiry)) lines.push('Reply to this email to write to the visitor.');
  lines.push(`Stored in Firestore as ${enquiryPathText(enquiry)}.`);
  return lines.join('\n');
}

/** The sales team's notification about one enquiry. */
export function composeSalesEmail(enquiry: StoredEnquiry, settings: MailSettings): OutgoingMail {
  const subject = salesSubject(enquiry);
  const rows = enquiryRows(enquiry);
  const email = visitorAddress(enquiry);
  const mail: OutgoingMail = {
    from: settings.from,
    to: settings.salesRecipients,
    subject,
    text: salesText(enquiry, subject, rows),
    html: salesHtml(enquiry, subject, rows),
    messageId: messageIdFor('enquiry', enquiry, settings.from),
    headers: {
      [ENQUIRY_ID_HEADER]: enquiryPathText(enquiry),
      'Auto-Submitted': 'auto-generated',
    },
  };
  if (email) {
    mail.replyTo = {
      name: cutTo(displayNameText(field(enquiry, 'name')), MAX_DISPLAY_NAME_LENGTH),
      address: email,
    };
  }
  return mail;
}

export const ACKNOWLEDGEMENT_SUBJECT = 'We have received your enquiry';

/**
 * What the buyer sent, in words the acknowledgement may repeat: only what the site itself offers
 * (the form, an order type from its list, a business from its options) and the country and last
 * digits of the number, never text the visitor typed, so the form cannot be used to send chosen
 * words to someone else's address.
 */
function sentSummary(enquiry: StoredEnquiry): string {
  const orderType = field(enquiry, 'ordertype').trim().toLowerCase();
  const offered = ORDER_TYPES.find(
    (type) => type.value === orderType || type.label.toLowerCase() === orderType,
  );
  const business = field(enquiry, 'business');
  const what =
    enquiry.collection === ENQUIRY_COLLECTION
      ? `${offered ? `a ${offered.value} enquiry` : 'an enquiry'} through our enquiry form`
      : `a call-back request${(BUSINESS_OPTIONS as readonly string[]).includes(business) ? ` ("${business}")` : ''}`;
  const e164 = phoneLinks(field(enquiry, 'phone'))?.tel.replace('tel:', '');
  const country = phoneCountryName(enquiry);
  const number = e164
    ? `, with the phone number ending in ${e164.slice(-4)}${country ? ` (${country})` : ''}`
    : '';
  return `You sent us ${what}${number}.`;
}

/**
 * When to expect the answer: one business day of the sales team's hours, on the buyer's clock when
 * their browser sent a zone ("by Saturday 08:00 your time (New York)"), else India's.
 */
function replyLine(enquiry: StoredEnquiry, settings: MailSettings): string {
  const hours = settings.businessHours ?? parseBusinessHours(DEFAULT_BUSINESS_HOURS);
  const by = replyBy(enquiry.receivedAt ?? new Date(), hours);
  const zone = knownTimeZone(enquiry.data.timezone);
  const when = zone
    ? `${weekdayTimeIn(by, zone)} your time (${zonePlace(zone)})`
    : `${weekdayTimeIn(by, 'Asia/Kolkata')} India time`;
  return `We reply within one business day: by ${when}.`;
}

/**
 * The visitor's acknowledgement, or null without a valid address: its reference, what it was about
 * (sentSummary: nothing the visitor typed, not even the name), when the reply comes in their own
 * time, and a WhatsApp chat with the sales team that starts with the reference.
 */
export function composeAcknowledgementEmail(
  enquiry: StoredEnquiry,
  settings: MailSettings,
): OutgoingMail | null {
  const email = visitorAddress(enquiry);
  if (!email) return null;
  const reference = enquiryReference(enquiry.id);
  const chat = settings.whatsAppChatNumber
    ? whatsAppChatHref(settings.whatsAppChatNumber, `Hello, about my enquiry ${reference}`)
    : null;
  const paragraphs: { text: string; link?: { href: string; label: string } }[] = [
    { text: 'Thank you for contacting us.' },
    { text: `Your reference is ${reference}. Please quote it when you call or write to us.` },
    { text: sentSummary(enquiry) },
    { text: replyLine(enquiry, settings) },
    ...(chat
      ? [
          {
            text: 'To talk sooner, message our sales team on WhatsApp:',
            link: { href: chat, label: 'Chat on WhatsApp' },
          },
        ]
      : []),
    { text: 'If you did not send an enquiry on our website, please ignore this email.' },
  ];
  const text = paragraphs
    .map((paragraph) => (paragraph.link ? `${paragraph.text}\n${paragraph.link.href}` : paragraph.text))
    .join('\n\n');
  const html =
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">' +
    `<title>${escapeHtml(ACKNOWLEDGEMENT_SUBJECT)}</title></head>` +
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#222;line-height:1.45">' +
    paragraphs
      .map(
        (paragraph) =>
          `<p>${escapeHtml(paragraph.text)}` +
          (paragraph.link
            ? ` <a href="${escapeHtml(paragraph.link.href)}" style="color:#7a4b2a;font-weight:600">${escapeHtml(paragraph.link.label)}</a>`
            : '') +
          '</p>',
      )
      .join('\n') +
    '</body></html>';
  const mail: OutgoingMail = {
    from: settings.from,
    to: [email],
    subject: `${ACKNOWLEDGEMENT_SUBJECT} ${reference}`,
    text,
    html,
    messageId: messageIdFor('acknowledgement', enquiry, settings.from),
    // Stops out-of-office replies bouncing back and forth with the sales mailbox.
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
  };
  const salesAddress = settings.salesRecipients[0];
  if (salesAddress) mail.replyTo = { name: '', address: salesAddress };
  return mail;
}
