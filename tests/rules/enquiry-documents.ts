/**
 * Documents as the site's forms build them, from what real visitors type, for the rules tests to
 * start from: every attack is one of these with one thing changed.
 */
import {
  BUSINESS_OPTIONS,
  buildEnquiryPayload,
  buildPopupEnquiryPayload,
  ENQUIRY_COLLECTION,
  FORM_PAGES,
  POPUP_ENQUIRY_COLLECTION,
  SERVER_TIMESTAMP_FIELD,
  type EnquiryCollection,
  type EnquiryFormValues,
  type PopupEnquiryFormValues,
} from '@contract/enquiry';
import { serverTimestamp, Timestamp, type DocumentData } from 'firebase/firestore';

/** 21 January 2026, 09:05:07 on the visitor's device: a plain morning enquiry. */
export const SUBMITTED_AT = new Date(2026, 0, 21, 9, 5, 7);

export const WHOLESALER_VALUES: EnquiryFormValues = {
  name: 'Priya Raman',
  companyname: 'Raman Hair Studio',
  phone: '+91 98765 43210',
  email: 'priya@ramanhair.in',
  city: 'Coimbatore',
  ordertype: 'Bulk',
  message: 'We need 20 kg of raw temple hair, 22 inch, natural black, every month.',
};

/** A buyer with no company, typing in Tamil with stray spaces the form trims away. */
export const INDIVIDUAL_BUYER_VALUES: EnquiryFormValues = {
  name: '  கவிதா செல்வம்  ',
  companyname: '',
  phone: '098765-43211',
  email: ' kavitha.selvam+hair@example.co.in ',
  city: 'மதுரை',
  ordertype: 'Retail',
  message: 'ஒரு 18 inch wavy extension வேண்டும் 💇‍♀️ please call after 6 pm.',
};

export const RESELLER_VALUES: EnquiryFormValues = {
  name: "Liam O'Connor",
  companyname: 'Dublin Hair Imports Ltd.',
  phone: '9123456780',
  email: "liam.o'connor@dublin-hair.ie",
  city: 'Dublin',
  ordertype: 'Bulk and retail',
  message: 'Looking for a steady supplier of double drawn Remy bundles for resale in Ireland.',
};

export const POPUP_VALUES: PopupEnquiryFormValues = {
  name: 'Arjun Mehta',
  email: 'arjun@mehtasalon.com',
  phone: '+91 91234 56789',
  business: 'I am a Salon Retailer',
};

/** The server-time sentinel the site's Firebase module adds to every enquiry. */
export function stampedByServer<T extends object>(
  payload: T,
): T & { createdAt: ReturnType<typeof serverTimestamp> } {
  return { ...payload, [SERVER_TIMESTAMP_FIELD]: serverTimestamp() } as T & {
    createdAt: ReturnType<typeof serverTimestamp>;
  };
}

export function validEnquiry(): DocumentData {
  return stampedByServer(buildEnquiryPayload(WHOLESALER_VALUES, FORM_PAGES.enquiry, SUBMITTED_AT));
}

export function validPopupEnquiry(): DocumentData {
  return stampedByServer(buildPopupEnquiryPayload(POPUP_VALUES, SUBMITTED_AT));
}

export const VALID_DOCUMENT: Record<EnquiryCollection, () => DocumentData> = {
  [ENQUIRY_COLLECTION]: validEnquiry,
  [POPUP_ENQUIRY_COLLECTION]: validPopupEnquiry,
};

/** Every form payload a visitor can produce, one per form page and business option. */
export function formPayloads(): {
  title: string;
  collection: EnquiryCollection;
  payload: Record<string, string>;
}[] {
  const fullForm = [
    { title: 'a wholesaler on the enquiry page', values: WHOLESALER_VALUES, formpage: FORM_PAGES.enquiry },
    {
      title: 'a buyer without a company on the home page',
      values: INDIVIDUAL_BUYER_VALUES,
      formpage: FORM_PAGES.home,
    },
    { title: 'a reseller on a page with no tag', values: RESELLER_VALUES, formpage: FORM_PAGES.other },
  ].map(({ title, values, formpage }) => ({
    title,
    collection: ENQUIRY_COLLECTION as EnquiryCollection,
    payload: buildEnquiryPayload(values, formpage, SUBMITTED_AT),
  }));
  const popup = BUSINESS_OPTIONS.map((business) => ({
    title: `the popup with "${business}"`,
    collection: POPUP_ENQUIRY_COLLECTION as EnquiryCollection,
    payload: buildPopupEnquiryPayload({ ...POPUP_VALUES, business }, SUBMITTED_AT),
  }));
  return [...fullForm, ...popup];
}

/** Values Firestore stores that are not text, as an attacker's own client would send them. */
export const NON_TEXT_VALUES: { kind: string; value: unknown }[] = [
  { kind: 'a number', value: 9876543210 },
  { kind: 'a map', value: { text: 'Priya Raman' } },
  { kind: 'an array', value: ['Priya', 'Raman'] },
  { kind: 'null', value: null },
  { kind: 'a boolean', value: true },
];

/** A timestamp the visitor's own client chose: plausible, but not the server's clock. */
export function clientChosenTimestamp(offsetMs = 0): Timestamp {
  return Timestamp.fromMillis(Date.now() + offsetMs);
}
