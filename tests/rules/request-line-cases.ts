/**
 * What a buyer may ask a quote for, as the rules see it: the lines the form builds are accepted, up
 * to ten, with a quantity or without one (the price list: product, length and samples alone); a
 * line the contract refuses (an unknown product, a quantity of 0, 100,001 or 2.5, a unit of its own
 * or without a quantity, an eleventh line) is denied, at every place a line can take, so each of the rules'
 * ten checks is seen refusing one. The popup on a product page names that product: every product
 * of the catalogue is accepted there, anything else is denied.
 */
import { checkEnquiryDocument } from '@contract/enquiry/enquiry';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from '@contract/enquiry/collections';
import {
  MAX_LINE_LENGTH_TEXT,
  MAX_REQUEST_LINES,
  REQUEST_LINE_PRODUCTS,
  REQUEST_LINE_UNITS,
  type RequestLine,
} from '@contract/enquiry/request-lines';
import { addDoc, collection, type DocumentData, type Firestore } from 'firebase/firestore';
import type { RequestCase } from './attack-cases';
import { validEnquiry, validPopupEnquiry } from './enquiry-documents';

const sending = (data: DocumentData) => (db: Firestore) => addDoc(collection(db, ENQUIRY_COLLECTION), data);
const sendingPopup = (data: DocumentData) => (db: Firestore) =>
  addDoc(collection(db, POPUP_ENQUIRY_COLLECTION), data);

/** A popup's product that is not one of the catalogue's addresses. */
const BROKEN_POPUP_PRODUCTS: [string, unknown][] = [
  ['an unknown product', 'synthetic-wig'],
  ['a product named by its title', 'Machine Weft'],
  ['a product with more after it', 'machine-weft extra'],
  ['a product given as a number', 4],
  ['a product given as a list', ['machine-weft']],
];

/** A line the form builds, a different product for each place. */
export const goodLine = (index = 0): RequestLine => ({
  product: REQUEST_LINE_PRODUCTS[index % REQUEST_LINE_PRODUCTS.length] ?? 'machine-weft',
  length: `${18 + index} in`,
  quantity: 1 + index,
  unit: REQUEST_LINE_UNITS[index % REQUEST_LINE_UNITS.length] ?? 'kg',
  samples: index % 2 === 0,
});

/** A line that asks for the price list: the form's line with its product and no quantity. */
export const priceListLine = (index = 0): RequestLine => {
  const { product, length, samples } = goodLine(index);
  return { product, length, samples };
};

const linesOf = (count: number) => Array.from({ length: count }, (_, index) => goodLine(index));
/** Lines asking a quote and the price list in turn. */
const mixedLinesOf = (count: number) =>
  Array.from({ length: count }, (_, index) => (index % 2 === 0 ? priceListLine(index) : goodLine(index)));
const withLines = (lines: unknown): DocumentData => ({ ...validEnquiry(), lines });

/** One broken line, by what is wrong with it. */
const BROKEN_LINES: [string, unknown][] = [
  ['an unknown product', { ...goodLine(), product: 'synthetic-wig' }],
  ['a product named by its title', { ...goodLine(), product: 'Machine Weft' }],
  ['a quantity of 0', { ...goodLine(), quantity: 0 }],
  ['a quantity of 100,001', { ...goodLine(), quantity: 100_001 }],
  ['a quantity of 2.5', { ...goodLine(), quantity: 2.5 }],
  ['a quantity written as text', { ...goodLine(), quantity: '8' }],
  ['a unit of its own', { ...goodLine(), unit: 'grams' }],
  ['samples first as text', { ...goodLine(), samples: 'yes' }],
  [
    `a length of ${MAX_LINE_LENGTH_TEXT + 1} characters`,
    { ...goodLine(), length: 'x'.repeat(MAX_LINE_LENGTH_TEXT + 1) },
  ],
  ['a length on two lines', { ...goodLine(), length: '22 in\nBcc: someone@example.com' }],
  ['a length with a hidden character', { ...goodLine(), length: '22\u200b in' }],
  ['a length that is a number', { ...goodLine(), length: 22 }],
  ['a unit without a quantity', { product: 'machine-weft', length: '22 in', unit: 'kg', samples: false }],
  ['a quantity without a unit', { product: 'machine-weft', length: '22 in', quantity: 8, samples: false }],
  ['a quantity of 0 without a unit', { ...priceListLine(), quantity: 0 }],
  ['an empty unit and a quantity of 0', { ...priceListLine(), quantity: 0, unit: '' }],
  ['no quantity and a price of its own', { ...priceListLine(), price: 1 }],
  ['no quantity, no unit and two keys of its own', { ...priceListLine(), price: 1, note: 'x' }],
  ['no quantity and no samples first', { product: 'machine-weft', length: '22 in' }],
  ['no quantity and no length', { product: 'machine-weft', samples: false }],
  ['a quantity of null', { ...priceListLine(), quantity: null, unit: 'kg' }],
  ['a price of its own', { ...goodLine(), price: 1 }],
  [
    'a price in place of samples first',
    { product: 'machine-weft', length: '22 in', quantity: 8, unit: 'kg', price: 1 },
  ],
  ['a product given as a number', { ...goodLine(), product: 4 }],
  ['text in place of a line', 'Machine Weft 22 in, 8 kg'],
];

export function requestLineDeniedCases(): RequestCase[] {
  const cases: RequestCase[] = [
    {
      title: `send an enquiry with ${MAX_REQUEST_LINES + 1} lines`,
      request: sending(withLines(linesOf(MAX_REQUEST_LINES + 1))),
      expected: 'denied by rules',
    },
    {
      title: 'send an enquiry whose lines are one text',
      request: sending(withLines('Machine Weft 22 in, 8 kg')),
      expected: 'denied by rules',
    },
    {
      title: 'send an enquiry whose lines are a map',
      request: sending(withLines({ 0: goodLine() })),
      expected: 'denied by rules',
    },
    ...BROKEN_LINES.map(([what, line]) => ({
      title: `send an enquiry with a line of ${what}`,
      request: sending(withLines([line])),
      expected: 'denied by rules' as const,
    })),
    ...BROKEN_POPUP_PRODUCTS.map(([what, product]) => ({
      title: `send a popup enquiry about ${what}`,
      request: sendingPopup({ ...validPopupEnquiry(), product }),
      expected: 'denied by rules' as const,
    })),
  ];
  // A broken line at each place: after good ones, and before more of them.
  for (let index = 1; index < MAX_REQUEST_LINES; index += 1) {
    const lines: unknown[] = linesOf(Math.min(MAX_REQUEST_LINES, index + 2));
    lines[index] = { ...goodLine(index), quantity: 0 };
    cases.push({
      title: `send an enquiry whose line ${index + 1} has a quantity of 0`,
      request: sending(withLines(lines)),
      expected: 'denied by rules',
    });
  }
  return cases;
}

export function requestLineAcceptedCases(): RequestCase[] {
  return [
    ...[1, 2, 5, MAX_REQUEST_LINES].map((count) => ({
      title: `send an enquiry with ${count} line${count > 1 ? 's' : ''}`,
      request: sending(withLines(linesOf(count))),
      expected: 'allowed' as const,
    })),
    // Every product of the catalogue, ten lines to a document: the rules spell the list out by hand.
    ...[
      REQUEST_LINE_PRODUCTS.slice(0, MAX_REQUEST_LINES),
      REQUEST_LINE_PRODUCTS.slice(MAX_REQUEST_LINES),
    ].map((products, part) => ({
      title: `send an enquiry asking for ${products.join(', ')} (part ${part + 1} of the catalogue)`,
      request: sending(withLines(products.map((product, index) => ({ ...goodLine(index), product })))),
      expected: 'allowed' as const,
    })),
    ...REQUEST_LINE_PRODUCTS.map((product) => ({
      title: `send a popup enquiry from the ${product} page`,
      request: sendingPopup({ ...validPopupEnquiry(), product }),
      expected: 'allowed' as const,
    })),
    ...[1, MAX_REQUEST_LINES].map((count) => ({
      title: `send an enquiry with ${count} line${count > 1 ? 's' : ''} asking the price list`,
      request: sending(withLines(Array.from({ length: count }, (_, index) => priceListLine(index)))),
      expected: 'allowed' as const,
    })),
    {
      title: `send an enquiry with ${MAX_REQUEST_LINES} lines, price lists and quantities in turn`,
      request: sending(withLines(mixedLinesOf(MAX_REQUEST_LINES))),
      expected: 'allowed',
    },
    {
      title: 'send an enquiry with an empty list of lines',
      request: sending(withLines([])),
      expected: 'allowed',
    },
    {
      title: 'send an enquiry with a line of every product, unit and limit',
      request: sending(
        withLines([
          {
            ...goodLine(),
            product: 'traditional-braid-extension',
            quantity: 100_000,
            length: 'x'.repeat(MAX_LINE_LENGTH_TEXT),
          },
          { ...goodLine(), product: 'raw-hair-10-18-inch', quantity: 1, length: '', unit: 'pieces' },
        ]),
      ),
      expected: 'allowed',
    },
  ];
}

/** The contract's verdicts on the same documents, so the table cannot drift from it. */
export function contractVerdictsOfRequestLines(): { title: string; accepted: boolean; expected: boolean }[] {
  const denied = BROKEN_LINES.map(([what, line]) => ({
    title: what,
    doc: withLines([line]),
    expected: false,
  }));
  const accepted = [1, MAX_REQUEST_LINES].flatMap((count) => [
    { title: `${count} lines`, doc: withLines(linesOf(count)), expected: true },
    {
      title: `${count} lines, price lists and quantities in turn`,
      doc: withLines(mixedLinesOf(count)),
      expected: true,
    },
  ]);
  return [
    ...denied,
    ...accepted,
    {
      title: `${MAX_REQUEST_LINES + 1} lines`,
      doc: withLines(linesOf(MAX_REQUEST_LINES + 1)),
      expected: false,
    },
  ].map(({ title, doc, expected }) => ({
    title,
    accepted: checkEnquiryDocument(ENQUIRY_COLLECTION, doc).length === 0,
    expected,
  }));
}

/** The contract's verdicts on the popup's products, beside the rules'. */
export function contractVerdictsOfPopupProducts(): { title: string; accepted: boolean; expected: boolean }[] {
  return [
    ...BROKEN_POPUP_PRODUCTS.map(([what, product]) => ({ title: what, product, expected: false })),
    ...REQUEST_LINE_PRODUCTS.map((product) => ({ title: product, product, expected: true })),
  ].map(({ title, product, expected }) => ({
    title: `a popup enquiry about ${title}`,
    accepted:
      checkEnquiryDocument(POPUP_ENQUIRY_COLLECTION, { ...validPopupEnquiry(), product }).length === 0,
    expected,
  }));
}
