/**
 * What the sales inbox shows, as plain functions: the filter (kept in the address, so a reload or
 * a lost session keeps it), merging both collections newest first, each enquiry's delivery state,
 * the weekly chart's weeks, and the one-tap links.
 */
import { BUSINESS_OPTIONS, ORDER_TYPES } from '@contract/enquiry/enquiry';
import {
  isRequestLineProduct,
  PRODUCT_LABELS,
  REQUEST_LINE_PRODUCTS,
  requestedProductsOf,
} from '@contract/enquiry/request-lines';
import {
  DEFAULT_FOLLOW_UP_STATUS,
  FOLLOW_UP_FIELD,
  followUpHistory,
  followUpVersion,
  isFollowUpStatus,
  type FollowUpStatus,
  followUpRecordOf,
} from '@contract/inbox/follow-up';
import { mailtoHref, phoneLinks } from '@contract/enquiry/contact-links';
import { DELIVERY_STATES, type DeliveryState } from '@contract/delivery/delivery';
import { FORM_NAMES } from '@contract/enquiry/enquiry-columns';
import { asDate, startOfIndiaDay, startOfIndiaWeek } from '@contract/base/india-time';
import { DAY_MS, WEEK_MS } from '@contract/base/time';
import {
  ENQUIRY_COLLECTION,
  ENQUIRY_COLLECTIONS,
  POPUP_ENQUIRY_COLLECTION,
  type EnquiryCollection,
} from '@contract/enquiry/collections';
import { deliveryRecordOf, enquiryText, textOf, type StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import { formatDayMonth } from './when-text';
import { countryName, isCountry, phoneCountries } from '@contract/enquiry/countries';
import { enquiryReference, typedReference } from '@contract/enquiry/enquiry-reference';
import { phoneCountry, phoneValidity } from '@contract/enquiry/phone-plans';

/** Enquiries the list shows at first, and how many more each "Load more" adds. */
export const PAGE_SIZE = 50;
/** Weeks in the chart. */
const CHART_WEEKS = 12;

/** The forms by the names the export gives them. */
export const FORM_LABELS = FORM_NAMES;

const FORM_FILTER_VALUES = { full: ENQUIRY_COLLECTION, popup: POPUP_ENQUIRY_COLLECTION } as const;
type FormFilter = keyof typeof FORM_FILTER_VALUES | '';

/** "Order type or business type": the full form's order types, then the popup's business options. */
export const KIND_OPTIONS: { value: string; label: string }[] = [
  ...ORDER_TYPES.map((type) => ({ value: type.value, label: `Order: ${type.label}` })),
  ...BUSINESS_OPTIONS.map((option) => ({ value: option, label: `Business: ${option}` })),
];

/**
 * The state the inbox shows; an enquiry whose trigger has not run yet has no record and is
 * waiting (the export calls it PENDING too).
 */
export const SHOWN_STATES: readonly DeliveryState[] = DELIVERY_STATES;
/** States that need a person: failed to send, held back by the flood limits, or a duplicate. */
export const ATTENTION_STATES: readonly DeliveryState[] = ['FAILED', 'HELD', 'DUPLICATE'];

export const STATE_TEXT: Record<DeliveryState, string> = {
  PENDING: 'Email waiting',
  SENDING: 'Emailing',
  SENT: 'Emailed',
  FAILED: 'Email failed',
  HELD: 'Held for digest',
  DIGESTED: 'Sent in digest',
  DUPLICATE: 'Duplicate',
};

/** The newest enquiries, or those still waiting for a first contact after an hour, oldest first. */
type InboxView = '' | 'waiting';

export type InboxFilter = {
  form: FormFilter;
  /** yyyy-mm-dd, India time, inclusive; '' for no limit. */
  from: string;
  to: string;
  kind: string;
  state: DeliveryState | '';
  search: string;
  view: InboxView;
  /** The country of the buyer's phone (ISO code), '' for any. */
  country: string;
  /** A product the buyer asked a quote for (its address, request-lines.ts), '' for any. */
  product: string;
};

export const EMPTY_FILTER: InboxFilter = {
  form: '',
  from: '',
  to: '',
  kind: '',
  state: '',
  search: '',
  view: '',
  country: '',
  product: '',
};

/** How many of the filter's choices narrow the list (the search has its own field). */
export function filtersInUse(filter: InboxFilter): number {
  return (['form', 'from', 'to', 'kind', 'state', 'country', 'product'] as const).filter((key) => filter[key])
    .length;
}

const FILTER_KEYS = Object.keys(EMPTY_FILTER) as (keyof InboxFilter)[];
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The filter from the address's query (`?form=popup&state=HELD&q=kumar`); unknown values are dropped. */
export function readFilter(search: string): InboxFilter {
  const params = new URLSearchParams(search);
  const param = (key: string) => params.get(key)?.trim() ?? '';
  const form = param('form');
  const state = param('state');
  const kind = param('kind');
  const from = param('from');
  const to = param('to');
  return {
    form: form === 'full' || form === 'popup' ? form : '',
    from: DAY_PATTERN.test(from) ? from : '',
    to: DAY_PATTERN.test(to) ? to : '',
    kind: KIND_OPTIONS.some((option) => option.value === kind) ? kind : '',
    state: (DELIVERY_STATES as readonly string[]).includes(state) ? (state as DeliveryState) : '',
    search: params.get('q') ?? '',
    view: param('view') === 'waiting' ? 'waiting' : '',
    country: isCountry(param('country')) ? param('country') : '',
    product: isRequestLineProduct(param('product')) ? param('product') : '',
  };
}

/** The query string for a filter, without empty values. */
export function writeFilter(filter: InboxFilter): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value) params.set(key === 'search' ? 'q' : key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function collectionsFor(filter: InboxFilter): EnquiryCollection[] {
  return filter.form ? [FORM_FILTER_VALUES[filter.form]] : [...ENQUIRY_COLLECTIONS];
}

/** The filter's date range as times (India days): `to` includes its whole day. */
export function dateRange(filter: InboxFilter): { since: Date | null; until: Date | null } {
  const to = filter.to ? startOfIndiaDay(filter.to) : null;
  return {
    since: filter.from ? startOfIndiaDay(filter.from) : null,
    until: to ? new Date(to.getTime() + DAY_MS) : null,
  };
}

/** The recorded state, or null before the functions have recorded one (it has just arrived). */
export function recordedState(enquiry: StoredEnquiry): DeliveryState | null {
  const state = deliveryRecordOf(enquiry.data).state;
  return (DELIVERY_STATES as readonly unknown[]).includes(state) ? (state as DeliveryState) : null;
}

export function deliveryState(enquiry: StoredEnquiry): DeliveryState {
  return recordedState(enquiry) ?? 'PENDING';
}

export function needsAttention(enquiry: StoredEnquiry): boolean {
  return ATTENTION_STATES.includes(deliveryState(enquiry));
}

/** One correction of the buyer's details, as the follow-up's history records it. */
type CorrectionView = { fields: string[]; byEmail: string; at: Date | null };

export type FollowUpView = {
  status: FollowUpStatus;
  note: string;
  updatedByEmail: string | null;
  updatedAt: Date | null;
  /** The version a save replaces (0 before the first save): see contract/inbox/follow-up.ts. */
  version: number;
  /** Corrections of the buyer's details, oldest first. */
  corrections: CorrectionView[];
};

/** The stored follow-up map as the inbox shows it; anything missing reads as not followed up. */
export function followUpFromRecord(raw: unknown): FollowUpView {
  const record = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const history = followUpHistory(record);
  return {
    status: isFollowUpStatus(record.status) ? record.status : DEFAULT_FOLLOW_UP_STATUS,
    note: textOf(record.note),
    updatedByEmail: textOf(record.updatedByEmail) || null,
    updatedAt: asDate(record.updatedAt),
    version: followUpVersion({ [FOLLOW_UP_FIELD]: record }),
    corrections: Object.keys(history)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => {
        const entry = (history[key] ?? {}) as Record<string, unknown>;
        return {
          fields: Array.isArray(entry.corrected) ? entry.corrected.map(String) : [],
          byEmail: textOf(entry.byEmail) || 'a sales account',
          at: asDate(entry.at),
        };
      }),
  };
}

export function followUpOf(enquiry: StoredEnquiry): FollowUpView {
  return followUpFromRecord(followUpRecordOf(enquiry.data));
}

/**
 * What a failed resend means for the click that asked for it. `definite`: the server answered, so
 * the next click is a new request; otherwise the answer was lost (the email may have gone) and the
 * next click repeats the same request, which the server answers without sending again.
 */
export function resendFailure(code: string | null, message: string): { definite: boolean; message: string } {
  const serverSaid = (text: string) => ({ definite: true, message: text });
  switch (code) {
    case 'functions/permission-denied':
    case 'functions/unauthenticated':
    case 'functions/resource-exhausted':
    case 'functions/invalid-argument':
    case 'functions/not-found':
      return serverSaid(message);
    case 'functions/unavailable':
      if (message.startsWith('The email was not sent')) return serverSaid(message);
      break;
    case 'functions/aborted':
      return {
        definite: false,
        message:
          'This resend is already on its way and its answer has not come back yet. Pressing Resend again will not send a second email.',
      };
    default:
      break;
  }
  return {
    definite: false,
    message:
      'No answer came back, so the email may or may not have gone. Press Resend again: it will not send a second email.',
  };
}

/** Case- and accent-blind, and phone numbers match without spaces. */
const normalise = (value: string) =>
  value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The country of the buyer's phone (India for ten digits), or null. */
export function buyerCountry(enquiry: StoredEnquiry): string | null {
  return phoneCountry(enquiry.data.phone);
}

/**
 * Why the buyer's number gets no call or WhatsApp button (`not a valid number for India`), or null
 * when its country's plan has it.
 */
export function invalidPhoneNote(enquiry: StoredEnquiry): string | null {
  const validity = phoneValidity(enquiry.data.phone);
  return validity.valid ? null : validity.note;
}

/** The product filter's choices: the catalogue's products, as the sales team names them. */
export const PRODUCT_OPTIONS = REQUEST_LINE_PRODUCTS.map((product) => ({
  value: product,
  label: PRODUCT_LABELS[product],
}));

/** The country filter's choices: every country, by name. */
export const COUNTRY_OPTIONS = phoneCountries().map(([code, , name]) => ({ value: code, label: name }));

export { countryName, enquiryReference };

/** Whether an enquiry passes the filter's in-page parts (form and dates are in the query). */
export function matchesFilter(enquiry: StoredEnquiry, filter: InboxFilter): boolean {
  if (filter.state && deliveryState(enquiry) !== filter.state) return false;
  if (filter.country && buyerCountry(enquiry) !== filter.country) return false;
  if (filter.product && !requestedProductsOf(enquiry.data).some((product) => product === filter.product))
    return false;
  // A reference read out on a call (SME-4F7K-2QXM, however typed) finds every enquiry that has it.
  const reference = typedReference(filter.search);
  if (reference) return enquiryReference(enquiry.id) === reference;
  if (filter.kind) {
    const kind = textOf(enquiry.data.ordertype || enquiry.data.business);
    if (normalise(kind) !== normalise(filter.kind)) return false;
  }
  const search = normalise(filter.search);
  if (search) {
    const digits = search.replace(/\D/g, '');
    const haystack = ['name', 'email', 'phone', 'city'].map((field) =>
      normalise(enquiryText(enquiry, field)),
    );
    const phone = enquiryText(enquiry, 'phone');
    const found =
      haystack.some((value) => value.includes(search)) ||
      (digits.length >= 3 && digits === search.replace(/[\s+-]/g, '') && phone.includes(digits));
    if (!found) return false;
  }
  return true;
}

/** Newest first; an enquiry whose server time has not arrived yet is the newest of all. */
export function newestFirst(a: StoredEnquiry, b: StoredEnquiry): number {
  const time = (enquiry: StoredEnquiry) => enquiry.receivedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return time(b) - time(a) || a.id.localeCompare(b.id);
}

/**
 * Both collections' newest `count` merged: the newest `count` overall are among them, so the
 * merged list is exact, whatever the mix of forms.
 */
export function mergeNewest(lists: StoredEnquiry[][], count: number): StoredEnquiry[] {
  return lists.flat().sort(newestFirst).slice(0, count);
}

export type ChartWeek = { start: Date; end: Date; label: string };

/** The last `weeks` weeks (Monday to Sunday, India time), oldest first, the current one last. */
export function chartWeeks(now: Date, weeks = CHART_WEEKS): ChartWeek[] {
  const monday = startOfIndiaWeek(now).getTime();
  return Array.from({ length: weeks }, (_, index) => {
    const start = new Date(monday - (weeks - 1 - index) * WEEK_MS);
    return { start, end: new Date(start.getTime() + WEEK_MS), label: formatDayMonth(start) };
  });
}

/** Call, WhatsApp (with a greeting) and email (with a subject and the greeting) for one enquiry. */
export function contactLinks(enquiry: StoredEnquiry, companyName: string) {
  const email = enquiryText(enquiry, 'email');
  const name = enquiryText(enquiry, 'name');
  const greeting = `Hello ${name}, thank you for your enquiry to ${companyName}.`;
  const phone = phoneLinks(enquiryText(enquiry, 'phone'), greeting);
  return {
    call: phone?.tel ?? null,
    phoneDisplay: phone?.display ?? null,
    whatsApp: phone?.whatsapp ?? null,
    email: email
      ? mailtoHref(email, { subject: `Your enquiry to ${companyName}`, body: `${greeting}\n\n` })
      : null,
  };
}
