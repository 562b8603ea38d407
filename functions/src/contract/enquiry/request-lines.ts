/**
 * What a buyer asks a quote for: the full form's optional lines, each a product of the catalogue,
 * a length, a whole quantity in a unit, and whether samples should come first. Only the product is
 * needed: a line without a quantity asks for the price list. Stored on the enquiry as
 * `lines: [{product, length, quantity, unit, samples}]`, a price list's line without `quantity` and
 * `unit`; documents without it stay valid.
 *
 * The form's checks, the payload, the sales email, the WhatsApp alert, the inbox, every CSV and
 * the rules' tests read this file; firestore.rules spells the same limits out by hand.
 *
 * Part of the contract: imports only the contract.
 */
import { withoutHiddenCharacters } from './hidden-characters';
import { PRODUCT_SLUGS, type ProductSlug } from '../base/catalogue';

/** The enquiry's key for its lines. */
export const REQUEST_LINES_FIELD = 'lines';
/** A quote covers at most this many lines; more belongs in a conversation. */
export const MAX_REQUEST_LINES = 10;
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 100_000;
/** "22 in", "10–18 inch, mixed", "14/16/18": a short line, never a message. */
export const MAX_LINE_LENGTH_TEXT = 30;
/**
 * What a length may hold: Latin letters, digits, spaces and a few marks (a whitelist, so nothing
 * hidden and no line break gets in, at a cost the rules can pay ten times over in one request).
 */
export const LINE_LENGTH_PATTERN = /^[A-Za-z0-9 .,/+()"&~–-]{0,30}$/;
export const REQUEST_LINE_UNITS = ['kg', 'bundles', 'pieces'] as const;
export type RequestLineUnit = (typeof REQUEST_LINE_UNITS)[number];
/** A line's keys, all present in a stored line that gives a quantity. */
export const REQUEST_LINE_KEYS = ['product', 'length', 'quantity', 'unit', 'samples'] as const;
/** The keys of a line that gives none (it asks for the price list): the quantity and its unit go together. */
export const PRICE_LIST_LINE_KEYS = ['product', 'length', 'samples'] as const;
/** What a line without a quantity reads, wherever sales sees it. */
export const PRICE_LIST_TEXT = 'price list';
/** The catalogue's products by their fixed addresses (the owner changes their names, never which there are). */
export const REQUEST_LINE_PRODUCTS: readonly ProductSlug[] = PRODUCT_SLUGS;

/**
 * What the sales team calls each product in an email, an alert or a CSV: short and fixed, so a
 * line reads the same in last year's file as in today's, whatever the site's copy says now.
 */
export const PRODUCT_LABELS: Record<ProductSlug, string> = {
  'raw-hair-10-18-inch': 'Raw Temple Hair 10–18 in',
  'raw-hair-19-26-inch': 'Raw Temple Hair 19–26 in',
  'raw-hair-27-inch-plus': 'Raw Temple Hair 27 in+',
  'machine-weft': 'Machine Weft',
  'single-drawn-bulk-hair': 'Single Drawn Bulk Hair',
  'i-tip-extensions': 'I-Tip Extensions',
  'hand-tied-weft': 'Hand-Tied Weft',
  '3-clip-in-extensions': '3 Clip-In Extensions',
  '5-clip-in-extensions': '5 Clip-In Extensions',
  'back-clip-ponytail': 'Back Clip Ponytail',
  'single-clip-in-extension': 'Single Clip-In Extension',
  'traditional-braid-extension': 'Traditional Braid Extension',
};

/** A stored line: with a quantity in its unit, or with neither (a price list). */
export type RequestLine = {
  product: ProductSlug;
  length: string;
  samples: boolean;
} & ({ quantity: number; unit: RequestLineUnit } | { quantity?: undefined; unit?: undefined });

/** A line as the form holds it: the quantity as typed ('' for none). */
export type RequestLineInput = {
  product: string;
  length: string;
  quantity: string;
  unit: string;
  samples: boolean;
};

/** What the form shows for each broken part of a line, in the spec's voice. */
export const REQUEST_LINE_MESSAGES = {
  product: 'Please choose a product.',
  length: `Length must be at most ${MAX_LINE_LENGTH_TEXT} letters, digits, spaces and . , / + ( ) " & ~ – -`,
  quantity: `Quantity must be a whole number from 1 to ${MAX_QUANTITY.toLocaleString('en-IN')}.`,
  unit: 'Please choose a unit.',
  tooMany: `A request may have at most ${MAX_REQUEST_LINES} lines.`,
} as const;

/** The message's editable start when the buyer chose lines and wrote nothing yet. */
export const QUOTE_MESSAGE = 'Please quote the lines above.';

export const isRequestLineProduct = (value: unknown): value is ProductSlug =>
  typeof value === 'string' && (REQUEST_LINE_PRODUCTS as readonly string[]).includes(value);

const isUnit = (value: unknown): value is RequestLineUnit =>
  typeof value === 'string' && (REQUEST_LINE_UNITS as readonly string[]).includes(value);

export function isLineLengthText(value: unknown): value is string {
  return typeof value === 'string' && LINE_LENGTH_PATTERN.test(value);
}

export function isQuantity(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= MIN_QUANTITY && value <= MAX_QUANTITY
  );
}

/** Which part of a stored line breaks the contract, or null when it keeps it. */
export function checkRequestLine(line: unknown): string | null {
  if (!line || typeof line !== 'object' || Array.isArray(line)) return 'not-a-line';
  const keys = Object.keys(line);
  const priceList = !keys.includes('quantity') && !keys.includes('unit');
  const expected: readonly string[] = priceList ? PRICE_LIST_LINE_KEYS : REQUEST_LINE_KEYS;
  if (!expected.every((key) => keys.includes(key))) return 'missing-key';
  if (!keys.every((key) => expected.includes(key))) return 'extra-key';
  const { product, length, quantity, unit, samples } = line as Record<string, unknown>;
  if (!isRequestLineProduct(product)) return 'product';
  if (!isLineLengthText(length)) return 'length';
  if (!priceList && !isQuantity(quantity)) return 'quantity';
  if (!priceList && !isUnit(unit)) return 'unit';
  if (typeof samples !== 'boolean') return 'samples';
  return null;
}

/** The contract's verdict on a document's `lines`, when it has them: problems, empty when kept. */
export function checkRequestLines(value: unknown): string[] {
  if (!Array.isArray(value)) return ['lines: not a list'];
  if (value.length > MAX_REQUEST_LINES) return ['lines: too many'];
  return value.flatMap((line, index) => {
    const problem = checkRequestLine(line);
    return problem ? [`lines[${index}]: ${problem}`] : [];
  });
}

/** A typed quantity as stored: digits only (spaces and the commas of 1,000 or 1,00,000 allowed). */
export function quantityOf(typed: string): number | null {
  const digits = typed.replace(/[\s,]/g, '');
  if (!/^[0-9]{1,7}$/.test(digits)) return null;
  const quantity = Number(digits);
  return isQuantity(quantity) ? quantity : null;
}

/** Whether the form's quantity was left empty: the line then asks for the price list. */
const noQuantityTyped = (typed: string) => typed.trim() === '';

/**
 * What the form's line gets wrong, part by part (empty when it can be sent). Only the product is
 * needed; a quantity typed must be whole and in range, and then needs its unit.
 */
export function requestLineErrors(line: RequestLineInput): Partial<Record<keyof RequestLineInput, string>> {
  const errors: Partial<Record<keyof RequestLineInput, string>> = {};
  if (!isRequestLineProduct(line.product)) errors.product = REQUEST_LINE_MESSAGES.product;
  if (!isLineLengthText(withoutHiddenCharacters(line.length).trim()))
    errors.length = REQUEST_LINE_MESSAGES.length;
  if (noQuantityTyped(line.quantity)) return errors;
  if (quantityOf(line.quantity) === null) errors.quantity = REQUEST_LINE_MESSAGES.quantity;
  if (!isUnit(line.unit)) errors.unit = REQUEST_LINE_MESSAGES.unit;
  return errors;
}

/**
 * The lines as stored, from the form's (which the form has checked): hidden characters out of the
 * length, trimmed, the quantity as a number. Nothing to store when the buyer chose no line.
 */
export function buildRequestLines(typed: readonly RequestLineInput[]): { lines?: RequestLine[] } {
  const lines = typed.slice(0, MAX_REQUEST_LINES).flatMap((line): RequestLine[] => {
    if (!isRequestLineProduct(line.product)) return [];
    const length = withoutHiddenCharacters(line.length).trim();
    if (noQuantityTyped(line.quantity)) return [{ product: line.product, length, samples: line.samples }];
    const quantity = quantityOf(line.quantity);
    if (quantity === null || !isUnit(line.unit)) return [];
    return [{ product: line.product, length, quantity, unit: line.unit, samples: line.samples }];
  });
  return lines.length > 0 ? { lines } : {};
}

/**
 * A stored enquiry's lines, for every reader: only the lines that keep the contract (an
 * Admin-written or older document may hold anything), none when it has no list.
 */
export function requestLinesOf(data: Record<string, unknown>): RequestLine[] {
  const value = data[REQUEST_LINES_FIELD];
  if (!Array.isArray(value)) return [];
  return value.filter((line): line is RequestLine => checkRequestLine(line) === null);
}

/** How much a line asks for: `8 kg`, or `price list` for a line without a quantity. */
export function requestLineAmountText(line: RequestLine): string {
  return line.quantity === undefined
    ? PRICE_LIST_TEXT
    : `${line.quantity.toLocaleString('en-IN')} ${line.unit}`;
}

/** One line in the sales team's words: `Machine Weft 22 in, 8 kg, samples first` (or `…, price list`). */
export function requestLineText(line: RequestLine, { withSamples = true } = {}): string {
  const length = line.length.replace(/\s+/g, ' ').trim();
  return [
    `${PRODUCT_LABELS[line.product]}${length ? ` ${length}` : ''}`,
    requestLineAmountText(line),
    ...(withSamples && line.samples ? ['samples first'] : []),
  ].join(', ');
}

/** The first line and how many more: `Machine Weft 22 in, 8 kg, +2 more`; '' without lines. */
export function requestLinesSummary(lines: readonly RequestLine[]): string {
  const [first, ...rest] = lines;
  if (!first) return '';
  return `${requestLineText(first, { withSamples: false })}${rest.length ? `, +${rest.length} more` : ''}`;
}

/**
 * The popup on a product page carries the page's product (`product`, one of the catalogue's
 * addresses): its short form asks no lines, but sales should know what the buyer was looking at.
 */
export const POPUP_PRODUCT_FIELD = 'product';

/** Whether a popup's product keeps the contract (no product is fine: the popup elsewhere has none). */
export function checkPopupProduct(value: unknown): string[] {
  return isRequestLineProduct(value) ? [] : [REQUEST_LINE_MESSAGES.product];
}

/** The products an enquiry names: its lines' (full form), or the product page its popup was on. */
export function requestedProductsOf(data: Record<string, unknown>): ProductSlug[] {
  const fromLines = requestLinesOf(data).map((line) => line.product);
  const product = data[POPUP_PRODUCT_FIELD];
  return [...new Set(isRequestLineProduct(product) ? [...fromLines, product] : fromLines)];
}

/** The product page a popup enquiry was sent from, in the sales team's words; null for none. */
export function popupProductLabel(data: Record<string, unknown>): string | null {
  const product = data[POPUP_PRODUCT_FIELD];
  return isRequestLineProduct(product) ? PRODUCT_LABELS[product] : null;
}

/** The sales email's and the inbox's words for it. */
export const POPUP_PRODUCT_LABEL = 'Sent from the page of';

/** What an enquiry asks about in one line: its lines' summary, else its popup's product; '' for neither. */
export function requestedSummaryOf(data: Record<string, unknown>): string {
  return requestLinesSummary(requestLinesOf(data)) || (popupProductLabel(data) ?? '');
}
