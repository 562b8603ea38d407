import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from '@contract/enquiry/collections';
import type { StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import { describe, expect, it } from 'vitest';
import {
  chartWeeks,
  collectionsFor,
  contactLinks,
  dateRange,
  deliveryState,
  EMPTY_FILTER,
  enquiryReference,
  filtersInUse,
  matchesFilter,
  mergeNewest,
  needsAttention,
  followUpFromRecord,
  readFilter,
  resendFailure,
  writeFilter,
} from './inbox-model';
import { gistOf } from './enquiry-gist';

const enquiry = (
  id: string,
  receivedAt: string | null,
  data: Record<string, unknown> = {},
  collection: StoredEnquiry['collection'] = ENQUIRY_COLLECTION,
): StoredEnquiry => ({ collection, id, data, receivedAt: receivedAt ? new Date(receivedAt) : null });

describe('the filter in the address', () => {
  it('survives a round trip, so a reload or a new sign-in shows the same list', () => {
    const filter = {
      form: 'popup' as const,
      from: '2026-10-01',
      to: '2026-11-22',
      kind: 'I am a Distributor',
      state: 'HELD' as const,
      search: 'Kumar & Sons',
      view: 'waiting' as const,
      country: 'NG',
      product: 'machine-weft',
    };
    const query = writeFilter(filter);
    expect(readFilter(query)).toEqual(filter);
  });

  it('drops values it does not know instead of filtering on them', () => {
    expect(readFilter('?form=fax&state=LOST&from=yesterday&kind=Spy&product=synthetic-wig')).toEqual(
      EMPTY_FILTER,
    );
    expect(writeFilter(EMPTY_FILTER)).toBe('');
  });

  it('reads both collections unless a form is chosen, and the "to" day whole', () => {
    expect(collectionsFor(EMPTY_FILTER)).toEqual([ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION]);
    expect(collectionsFor({ ...EMPTY_FILTER, form: 'full' })).toEqual([ENQUIRY_COLLECTION]);
    const { since, until } = dateRange({ ...EMPTY_FILTER, from: '2026-11-01', to: '2026-11-01' });
    // Midnight in Coimbatore is 18:30 UTC the day before.
    expect(since?.toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(until?.toISOString()).toBe('2026-11-01T18:30:00.000Z');
  });
});

describe('what buyers asked a quote for, in the list', () => {
  const line = (product: string) => ({ product, length: '', quantity: 1, unit: 'kg', samples: false });
  const weftAndTips = enquiry('quoteBuyer0000000001', '2026-11-20T10:00:00Z', {
    name: 'Grace',
    lines: [line('machine-weft'), line('i-tip-extensions'), line('machine-weft')],
  });
  const braids = enquiry('quoteBuyer0000000002', '2026-11-20T11:00:00Z', {
    name: 'Meena',
    lines: [line('traditional-braid-extension')],
  });
  const older = enquiry('oldBuyer000000000001', '2026-11-20T12:00:00Z', { name: 'Arun' });

  it('filters by a product any line names', () => {
    const byProduct = (product: string) =>
      [weftAndTips, braids, older]
        .filter((item) => matchesFilter(item, { ...EMPTY_FILTER, product }))
        .map((item) => item.id);
    expect(byProduct('i-tip-extensions')).toEqual([weftAndTips.id]);
    expect(byProduct('traditional-braid-extension')).toEqual([braids.id]);
    expect(byProduct('')).toHaveLength(3);
    expect(filtersInUse({ ...EMPTY_FILTER, product: 'machine-weft' })).toBe(1);
  });

  it('names each product once on the card, in the order of the lines', () => {
    expect(gistOf(ENQUIRY_COLLECTION, weftAndTips.data).products).toEqual([
      'Machine Weft',
      'I-Tip Extensions',
    ]);
    expect(gistOf(ENQUIRY_COLLECTION, older.data).products).toEqual([]);
  });
});

describe('buyers abroad in the list', () => {
  it('filters by the country of the phone and finds an enquiry by its reference however it is read out', () => {
    const newYork = enquiry('nyBuyer0000000000001', '2026-11-20T10:00:00Z', {
      name: 'Grace',
      phone: '+12125550100',
    });
    const chennai = enquiry('inBuyer0000000000001', '2026-11-20T11:00:00Z', {
      name: 'Meena',
      phone: '2125550100',
    });
    const byCountry = (country: string) =>
      [newYork, chennai]
        .filter((item) => matchesFilter(item, { ...EMPTY_FILTER, country }))
        .map((item) => item.id);
    expect(byCountry('US')).toEqual([newYork.id]);
    expect(byCountry('IN')).toEqual([chennai.id]);
    const reference = enquiryReference(newYork.id);
    const typed = reference.toLowerCase().replace('sme-', 'sme ').replace('-', ' ');
    expect(
      [newYork, chennai].filter((item) => matchesFilter(item, { ...EMPTY_FILTER, search: typed })),
    ).toEqual([newYork]);
  });

  it('calls and messages a buyer abroad on their own number', () => {
    const links = contactLinks(
      enquiry('nyBuyer0000000000001', null, { name: 'Grace', phone: '+12125550100' }),
      'SME',
    );
    expect(links.call).toBe('tel:+12125550100');
    expect(links.whatsApp).toMatch(/^https:\/\/wa\.me\/12125550100\?text=/);
    expect(links.phoneDisplay).toBe('+1 212 555 0100');
  });
});

describe('the merged list', () => {
  it('is the newest overall from both collections, with an enquiry still being stored on top', () => {
    const full = [enquiry('f3', '2026-11-20T10:00:00Z'), enquiry('f1', '2026-11-01T10:00:00Z')];
    const popup = [
      enquiry('p4', '2026-11-21T10:00:00Z', {}, POPUP_ENQUIRY_COLLECTION),
      enquiry('p2', '2026-11-10T10:00:00Z', {}, POPUP_ENQUIRY_COLLECTION),
    ];
    const arriving = enquiry('new', null);
    expect(mergeNewest([[arriving, ...full], popup], 3).map((e) => e.id)).toEqual(['new', 'p4', 'f3']);
  });
});

describe('the in-page filters', () => {
  const priya = enquiry('a', '2026-11-20T10:00:00Z', {
    name: 'Priya Raman',
    email: 'priya@salonchennai.in',
    phone: '9876543210',
    city: 'Chennai',
    ordertype: 'bulk',
    notification: { state: 'HELD' },
  });
  it('searches name, email, phone and city, ignoring case and accents', () => {
    expect(matchesFilter(priya, { ...EMPTY_FILTER, search: 'RAMAN' })).toBe(true);
    expect(matchesFilter(priya, { ...EMPTY_FILTER, search: 'salonchennai' })).toBe(true);
    expect(matchesFilter(priya, { ...EMPTY_FILTER, search: '98765' })).toBe(true);
    expect(matchesFilter(priya, { ...EMPTY_FILTER, search: 'chénnai' })).toBe(true);
    expect(matchesFilter(priya, { ...EMPTY_FILTER, search: 'Mumbai' })).toBe(false);
  });
  it('filters by state and by order or business type', () => {
    expect(matchesFilter(priya, { ...EMPTY_FILTER, state: 'HELD', kind: 'bulk' })).toBe(true);
    expect(matchesFilter(priya, { ...EMPTY_FILTER, state: 'SENT' })).toBe(false);
    expect(matchesFilter(priya, { ...EMPTY_FILTER, kind: 'retail' })).toBe(false);
  });
  it('makes FAILED, HELD and DUPLICATE stand out, and reads no record as waiting', () => {
    expect(needsAttention(priya)).toBe(true);
    expect(deliveryState(enquiry('b', null))).toBe('PENDING');
    expect(needsAttention(enquiry('c', null, { notification: { state: 'SENT' } }))).toBe(false);
  });
});

describe('the chart weeks', () => {
  it('are twelve Monday-to-Sunday weeks in India time, the current one last', () => {
    // Monday 23 Nov 2026 at 01:00 in India is still Sunday 22 Nov in UTC.
    const weeks = chartWeeks(new Date('2026-11-22T19:30:00Z'));
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)?.start.toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(weeks.at(-1)?.label).toBe('23 Nov');
    expect(weeks[0]?.label).toBe('7 Sep');
  });
});

describe('one-tap links', () => {
  it('call and WhatsApp the Indian number and reply to the address', () => {
    const links = contactLinks(
      enquiry('a', null, { name: 'Priya', phone: '9876543210', email: 'priya+hair@example.in' }),
      'SME',
    );
    expect(links.call).toBe('tel:+919876543210');
    expect(links.whatsApp).toMatch(/^https:\/\/wa\.me\/919876543210\?text=Hello%20Priya/);
    expect(links.email).toMatch(/^mailto:priya%2Bhair@example\.in\?subject=Your%20enquiry%20to%20SME/);
  });
});

describe('a follow-up as stored', () => {
  it('reads its version, and an enquiry nobody followed up as New at version 0', () => {
    expect(followUpFromRecord(undefined)).toMatchObject({ status: 'New', note: '', version: 0 });
    expect(followUpFromRecord({ status: 'Quoted', note: 'Sent prices', version: 3 })).toMatchObject({
      status: 'Quoted',
      version: 3,
    });
  });
});

describe('a resend that failed', () => {
  it('starts a new request after an answer from the server', () => {
    for (const code of ['functions/resource-exhausted', 'functions/permission-denied', 'functions/not-found'])
      expect(resendFailure(code, 'What the server said.')).toEqual({
        definite: true,
        message: 'What the server said.',
      });
    expect(resendFailure('functions/unavailable', 'The email was not sent: 451 busy').definite).toBe(true);
  });

  it('repeats the same request after a lost answer, and says the email may have gone', () => {
    for (const code of ['functions/internal', 'functions/deadline-exceeded', 'functions/unavailable', null]) {
      const failure = resendFailure(code, 'internal');
      expect(failure.definite).toBe(false);
      expect(failure.message).toContain('will not send a second email');
    }
    expect(resendFailure('functions/aborted', 'This resend is already on its way.').definite).toBe(false);
  });
});
