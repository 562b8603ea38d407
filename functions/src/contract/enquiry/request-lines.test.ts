import { describe, expect, it } from 'vitest';
import { buildEnquiryPayload, buildPopupEnquiryPayload, checkEnquiryDocument, FORM_PAGES } from './enquiry';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from './collections';
import {
  buildRequestLines,
  checkRequestLines,
  quantityOf,
  popupProductLabel,
  requestedProductsOf,
  requestedSummaryOf,
  requestLineErrors,
  requestLinesOf,
  requestLinesSummary,
  requestLineText,
  REQUEST_LINE_MESSAGES,
  type RequestLine,
} from './request-lines';

const weft: RequestLine = {
  product: 'machine-weft',
  length: '22 in',
  quantity: 8,
  unit: 'kg',
  samples: false,
};
const values = {
  name: 'Priya Raman',
  companyname: '',
  phone: '9876543210',
  email: 'priya@example.in',
  city: 'Chennai',
  ordertype: 'Bulk',
  message: 'Please quote the lines above.',
};
const stamped = (doc: object) => ({ ...doc, createdAt: 'server time' });

describe('request lines in the contract', () => {
  it('stores the lines a buyer chose, with the quantity as a whole number and the length trimmed', () => {
    const payload = buildEnquiryPayload(
      {
        ...values,
        lines: [
          { product: 'machine-weft', length: ' 22 in\u200b ', quantity: '8', unit: 'kg', samples: false },
          { product: 'i-tip-extensions', length: '', quantity: '1,00,000', unit: 'pieces', samples: true },
        ],
      },
      FORM_PAGES.enquiry,
      new Date(2026, 10, 27, 9, 0, 0),
    );
    expect(payload.lines).toEqual([
      weft,
      { product: 'i-tip-extensions', length: '', quantity: 100_000, unit: 'pieces', samples: true },
    ]);
    expect(checkEnquiryDocument(ENQUIRY_COLLECTION, stamped(payload))).toEqual([]);
  });

  it('stores a line with its product and no quantity as a price list, without quantity or unit', () => {
    const payload = buildEnquiryPayload(
      {
        ...values,
        message: 'Please send your wholesale price list',
        lines: [
          { product: 'machine-weft', length: '', quantity: ' ', unit: 'kg', samples: false },
          { product: 'i-tip-extensions', length: '22 in', quantity: '8', unit: 'pieces', samples: true },
        ],
      },
      FORM_PAGES.enquiry,
      new Date(2026, 10, 27, 9, 0, 0),
    );
    expect(payload.lines).toEqual([
      { product: 'machine-weft', length: '', samples: false },
      { product: 'i-tip-extensions', length: '22 in', quantity: 8, unit: 'pieces', samples: true },
    ]);
    expect(checkEnquiryDocument(ENQUIRY_COLLECTION, stamped(payload))).toEqual([]);
    const [priceList] = requestLinesOf(payload);
    expect(requestLineText(priceList as RequestLine)).toBe('Machine Weft, price list');
    expect(requestedSummaryOf(payload)).toBe('Machine Weft, price list, +1 more');
  });

  it('stores no lines key when the buyer chose none, as every document before lines existed', () => {
    const payload = buildEnquiryPayload({ ...values, lines: [] }, FORM_PAGES.enquiry, new Date());
    expect('lines' in payload).toBe(false);
    expect(checkEnquiryDocument(ENQUIRY_COLLECTION, stamped(payload))).toEqual([]);
  });

  it.each([
    ['11 lines', Array.from({ length: 11 }, () => weft), 'lines: too many'],
    ['an unknown product', [{ ...weft, product: 'synthetic-wig' }], 'lines[0]: product'],
    ['a quantity of 0', [{ ...weft, quantity: 0 }], 'lines[0]: quantity'],
    ['a quantity of 100,001', [{ ...weft, quantity: 100_001 }], 'lines[0]: quantity'],
    ['a quantity of 2.5', [weft, { ...weft, quantity: 2.5 }], 'lines[1]: quantity'],
    ['a unit of its own', [{ ...weft, unit: 'grams' }], 'lines[0]: unit'],
    ['samples as text', [{ ...weft, samples: 'yes' }], 'lines[0]: samples'],
    ['a length on two lines', [{ ...weft, length: '22\nin' }], 'lines[0]: length'],
    ['a key of its own', [{ ...weft, price: 1 }], 'lines[0]: extra-key'],
    [
      'a unit without a quantity',
      [{ product: 'machine-weft', length: '', unit: 'kg', samples: false }],
      'lines[0]: missing-key',
    ],
    [
      'a quantity without a unit',
      [{ product: 'machine-weft', length: '', quantity: 8, samples: false }],
      'lines[0]: missing-key',
    ],
    [
      'a price list with a key of its own',
      [{ product: 'machine-weft', length: '', samples: false, price: 1 }],
      'lines[0]: extra-key',
    ],
    ['one text', 'Machine Weft, 8 kg', 'lines: not a list'],
  ])('refuses %s', (_what, lines, problem) => {
    expect(checkRequestLines(lines)).toEqual([problem]);
    const doc = stamped({ ...buildEnquiryPayload(values, FORM_PAGES.enquiry, new Date()), lines });
    expect(checkEnquiryDocument(ENQUIRY_COLLECTION, doc)).toEqual([problem]);
  });

  it('keeps lines off the popup, which has no such part', () => {
    const popup = {
      name: 'Priya',
      email: 'priya@example.in',
      phone: '9876543210',
      business: 'Others',
      date: '27-11-2026',
      time: '09:00:00',
      lines: [weft],
      createdAt: 'server time',
    };
    expect(checkEnquiryDocument(POPUP_ENQUIRY_COLLECTION, popup)).toEqual([
      'lines: is not part of the contract',
    ]);
  });

  it('reads a quantity as a buyer types it, and refuses what is not a whole number in range', () => {
    expect(quantityOf('1,000')).toBe(1000);
    expect(quantityOf(' 12 ')).toBe(12);
    for (const typed of ['', '0', '2.5', '100001', '-3', '8kg', '1e3']) expect(quantityOf(typed)).toBeNull();
  });

  it('asks only for the product: no quantity is a price list, a half-filled one is still wrong', () => {
    const line = { product: 'machine-weft', length: '', quantity: '', unit: 'kg', samples: false };
    expect(requestLineErrors(line)).toEqual({});
    expect(requestLineErrors({ ...line, product: '' })).toEqual({ product: REQUEST_LINE_MESSAGES.product });
    expect(requestLineErrors({ ...line, quantity: '2.5' })).toEqual({
      quantity: REQUEST_LINE_MESSAGES.quantity,
    });
  });

  it('says what is wrong with a line in the form', () => {
    expect(requestLineErrors({ product: '', length: '', quantity: '0', unit: '', samples: false })).toEqual({
      product: REQUEST_LINE_MESSAGES.product,
      quantity: 'Quantity must be a whole number from 1 to 1,00,000.',
      unit: REQUEST_LINE_MESSAGES.unit,
    });
    expect(
      requestLineErrors({
        product: 'machine-weft',
        length: '22 in',
        quantity: '8',
        unit: 'kg',
        samples: true,
      }),
    ).toEqual({});
  });

  it('names the lines as the sales team reads them, and skips what a stored document should not hold', () => {
    const lines = requestLinesOf({
      lines: [weft, { ...weft, quantity: 0 }, { ...weft, product: 'hand-tied-weft', samples: true }],
    });
    expect(lines).toHaveLength(2);
    expect(requestLineText(lines[1] as RequestLine)).toBe('Hand-Tied Weft 22 in, 8 kg, samples first');
    expect(requestLinesSummary([weft, weft, weft])).toBe('Machine Weft 22 in, 8 kg, +2 more');
    expect(requestLinesSummary([])).toBe('');
    expect(requestLinesOf({})).toEqual([]);
    expect(buildRequestLines([])).toEqual({});
  });
});

describe('the popup on a product page', () => {
  const popupValues = { name: 'Priya', email: 'priya@example.com', phone: '9840012345', business: 'Others' };
  const now = new Date('2026-11-27T06:00:00Z');

  it('stores the page’s product, and only a product of the catalogue', () => {
    const stored = buildPopupEnquiryPayload({ ...popupValues, product: 'machine-weft' }, now);
    expect(stored).toMatchObject({ product: 'machine-weft' });
    expect(checkEnquiryDocument(POPUP_ENQUIRY_COLLECTION, { ...stored, createdAt: now })).toEqual([]);
    expect(buildPopupEnquiryPayload({ ...popupValues, product: 'synthetic-wig' }, now)).not.toHaveProperty(
      'product',
    );
    expect(buildPopupEnquiryPayload(popupValues, now)).not.toHaveProperty('product');
    expect(
      checkEnquiryDocument(POPUP_ENQUIRY_COLLECTION, { ...stored, product: 'Machine Weft', createdAt: now }),
    ).toEqual([REQUEST_LINE_MESSAGES.product]);
  });

  it('names the product wherever lines would be named', () => {
    const popup = { product: 'machine-weft' };
    expect(popupProductLabel(popup)).toBe('Machine Weft');
    expect(requestedProductsOf(popup)).toEqual(['machine-weft']);
    expect(requestedSummaryOf(popup)).toBe('Machine Weft');
    expect(requestedSummaryOf({ lines: [weft] })).toBe('Machine Weft 22 in, 8 kg');
    expect(requestedProductsOf({ lines: [weft, weft] })).toEqual(['machine-weft']);
    expect(requestedSummaryOf({ product: 'wig' })).toBe('');
    expect(popupProductLabel({})).toBeNull();
  });
});
