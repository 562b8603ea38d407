/**
 * The columns of an enquiry as a spreadsheet shows it: `npm run export`, the sales inbox's
 * "Download CSV" and the hourly digest's attachment all write their files from this one list, so a
 * file from any of them opens with the same headers in the same order and times in one format.
 *
 * Part of the contract: imports only the contract.
 */
import { csvFile } from './csv';
import { HELD_REASON_TEXT, type DeliveryRecord, type HeldReason } from '../delivery/delivery';
import { type StoredEnquiry } from './stored-enquiry';
import { FIELDS_BY_COLLECTION } from './enquiry';
import { asDate, formatIndiaIso } from '../base/india-time';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION, type EnquiryCollection } from './collections';

import { deliveryRecordOf, fieldText } from './stored-enquiry';
import { countryName } from './countries';
import { enquiryReference } from './enquiry-reference';
import { e164Of } from './phone';
import { phoneCountry } from './phone-plans';
import { popupProductLabel, requestLinesOf, requestLineText } from './request-lines';
import { leadSourceLabel, leadSourceOfEnquiry, type LeadSource } from './lead-source';

const sourcePart = (doc: StoredEnquiry, part: keyof LeadSource) =>
  leadSourceOfEnquiry(doc.data)?.[part] ?? '';
type ExportColumn = { header: string; value: (doc: StoredEnquiry) => string };

function delivery(doc: StoredEnquiry, key: keyof DeliveryRecord): unknown {
  return deliveryRecordOf(doc.data)[key];
}

function heldText(value: unknown): string {
  const reason = fieldText(value);
  return reason in HELD_REASON_TEXT ? HELD_REASON_TEXT[reason as HeldReason] : reason;
}

function dateText(value: unknown): string {
  const date = asDate(value);
  return date ? formatIndiaIso(date) : '';
}

const phoneColumns: ExportColumn[] = [
  { header: 'Phone (E.164)', value: (doc) => e164Of(doc.data.phone) ?? '' },
  {
    header: 'Country',
    value: (doc) => {
      const country = phoneCountry(doc.data.phone);
      return country ? countryName(country) : '';
    },
  },
];

/** What the export calls each form, in the Form column of a file that holds both. */
export const FORM_NAMES: Record<EnquiryCollection, string> = {
  [ENQUIRY_COLLECTION]: 'Full form',
  [POPUP_ENQUIRY_COLLECTION]: 'Popup',
};

/**
 * Document id, server time, every contract field (by its label), then the email's delivery. For
 * one form, that form's fields; for both (the digest), a 'Kind of form' column and every field of either.
 */
export function exportColumns(collections: EnquiryCollection | readonly EnquiryCollection[]): ExportColumn[] {
  const forms = typeof collections === 'string' ? [collections] : collections;
  const fields = new Map(forms.flatMap((collection) => Object.entries(FIELDS_BY_COLLECTION[collection])));
  const fieldColumns = [...fields].flatMap(([name, rule]): ExportColumn[] => [
    { header: rule.label, value: (doc: StoredEnquiry) => fieldText(doc.data[name]) },
    // Beside the phone as stored: the number to dial, and its country (ten digits are India).
    ...(name === 'phone' ? phoneColumns : []),
  ]);
  return [
    { header: 'Enquiry ID', value: (doc) => doc.id },
    { header: 'Reference', value: (doc) => enquiryReference(doc.id) },
    ...(forms.length > 1
      ? [
          {
            header: 'Kind of form',
            value: (doc: StoredEnquiry) => FORM_NAMES[doc.collection],
          },
        ]
      : []),
    { header: 'Received at', value: (doc) => dateText(doc.receivedAt) },
    ...fieldColumns,
    // What the buyer asked a quote for, one line after another; the popup's product page; '' for
    // older enquiries.
    ...(forms.includes(ENQUIRY_COLLECTION)
      ? [
          {
            header: 'Asked a quote for',
            value: (doc: StoredEnquiry) =>
              requestLinesOf(doc.data)
                .map((line) => requestLineText(line))
                .join('; ') ||
              (popupProductLabel(doc.data) ?? ''),
          },
        ]
      : []),
    // Where the visit began ('' throughout for enquiries stored before it was recorded).
    {
      header: 'Came from',
      value: (doc) => (leadSourceOfEnquiry(doc.data) ? leadSourceLabel(leadSourceOfEnquiry(doc.data)) : ''),
    },
    { header: 'Landing page', value: (doc) => sourcePart(doc, 'landing') },
    { header: 'Referrer', value: (doc) => sourcePart(doc, 'referrer') },
    { header: 'utm_source', value: (doc) => sourcePart(doc, 'utmSource') },
    { header: 'utm_medium', value: (doc) => sourcePart(doc, 'utmMedium') },
    { header: 'utm_campaign', value: (doc) => sourcePart(doc, 'utmCampaign') },
    // No record yet means the trigger has not run (or never did): the sweeper will pick it up.
    { header: 'Email state', value: (doc) => fieldText(delivery(doc, 'state')) || 'PENDING' },
    { header: 'Email attempts', value: (doc) => fieldText(delivery(doc, 'attempts')) || '0' },
    { header: 'Email sent at', value: (doc) => dateText(delivery(doc, 'sentAt')) },
    { header: 'Email last error', value: (doc) => fieldText(delivery(doc, 'lastError')) },
    // HELD, DIGESTED and DUPLICATE say why an enquiry had no email of its own, and where it went.
    { header: 'Held because', value: (doc) => heldText(delivery(doc, 'heldReason')) },
    { header: 'In digest of', value: (doc) => fieldText(delivery(doc, 'digest')) },
    { header: 'Digested at', value: (doc) => dateText(delivery(doc, 'digestedAt')) },
    { header: 'Duplicate of', value: (doc) => fieldText(delivery(doc, 'duplicateOf')) },
  ];
}

/** A whole CSV file, the `before` columns (a digest's rank, say) first, then the export's. */
export function enquiriesToCsv(
  collections: EnquiryCollection | readonly EnquiryCollection[],
  docs: StoredEnquiry[],
  before: ExportColumn[] = [],
): string {
  const columns = [...before, ...exportColumns(collections)];
  return csvFile(
    columns.map((column) => column.header),
    docs.map((doc) => columns.map((column) => column.value(doc))),
  );
}

/** Oldest first; documents without a server time (written by hand) come first. */
export function byReceivedTime(a: StoredEnquiry, b: StoredEnquiry): number {
  const timeOf = (doc: StoredEnquiry) => doc.receivedAt?.getTime() ?? -Infinity;
  return timeOf(a) - timeOf(b) || a.id.localeCompare(b.id);
}
