import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from '@contract/enquiry/collections';
import { describe, expect, it } from 'vitest';
import { groupByBuyer, sameBuyer } from './buyers';
import { explainEmail, explainWhatsApp } from './detail/delivery-explanation';
import { firstLine, gistOf } from './enquiry-gist';
import { responseTo, responseWeeks, weekFigures } from './response-view';
import { formatFullDate, formatWhen } from './when-text';

const NOW = new Date('2026-11-25T09:30:00Z'); // 15:00 in Coimbatore, a Wednesday
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('times in the inbox', () => {
  it('say how long ago while scanning, and one full format in India time', () => {
    expect(formatWhen(ago(0.5), NOW)).toBe('just now');
    expect(formatWhen(ago(12), NOW)).toBe('12 min ago');
    expect(formatWhen(ago(190), NOW)).toBe('3 h ago');
    expect(formatWhen(ago(60 * 24 * 2), NOW)).toBe('2 days ago');
    expect(formatWhen(ago(60 * 24 * 35), NOW)).toBe('5 weeks ago');
    expect(formatWhen(ago(60 * 24 * 200), NOW)).toBe('6 months ago');
    expect(formatWhen(ago(-10), NOW)).toBe('in 10 min');
    expect(formatFullDate(NOW)).toBe('25 Nov 2026, 15:00');
    expect(formatFullDate(new Date('2026-01-04T20:35:00Z'))).toBe('5 Jan 2026, 02:05');
  });
});

describe('one buyer', () => {
  const enquiry = (id: string, email: string, phone: string) => ({
    collection: ENQUIRY_COLLECTION,
    id,
    data: { email, phone },
  });

  it('is the same address or number, compared as admission compares them', () => {
    expect(sameBuyer({ email: ' Priya@GlowSalon.in' }, { email: 'priya@glowsalon.in' })).toBe(true);
    expect(sameBuyer({ phone: '9840012345' }, { phone: '+91 98400 12345' })).toBe(true);
    expect(
      sameBuyer(
        { email: 'a@example.com', phone: '9840012345' },
        { email: 'b@example.com', phone: '9840012346' },
      ),
    ).toBe(false);
  });

  it('joins enquiries that share only an address with those that share only a number', () => {
    const groups = groupByBuyer([
      enquiry('a', 'priya@glowsalon.in', '9840012345'),
      enquiry('b', 'PRIYA@glowsalon.in', '9000000001'),
      enquiry('c', 'other@example.com', '9000000001'),
      enquiry('d', 'someone@example.com', '9111111111'),
    ]);
    expect(groups.get(`${ENQUIRY_COLLECTION}/c`)).toEqual([
      `${ENQUIRY_COLLECTION}/a`,
      `${ENQUIRY_COLLECTION}/b`,
      `${ENQUIRY_COLLECTION}/c`,
    ]);
    expect(groups.get(`${ENQUIRY_COLLECTION}/d`)).toEqual([`${ENQUIRY_COLLECTION}/d`]);
  });
});

describe("a card's gist", () => {
  it("is the message's first line and the order type, or the popup's business", () => {
    expect(firstLine('\n  Need 10 kg  \nof raw hair')).toBe('Need 10 kg');
    expect(
      gistOf(ENQUIRY_COLLECTION, {
        message: 'Need machine weft bundles of 100 g\nThanks',
        ordertype: 'bulk',
      }),
    ).toEqual({ line: 'Need machine weft bundles of 100 g', tag: 'bulk', products: [] });
    expect(gistOf(POPUP_ENQUIRY_COLLECTION, { business: 'I am a Distributor' })).toEqual({
      line: 'I am a Distributor',
      tag: null,
      products: [],
    });
  });
});

describe('delivery in plain words', () => {
  it('says what a refused login means and what to do, keeping the server’s words for details', () => {
    const raw = 'EAUTH: Invalid login: 535 5.7.8 Authentication failed';
    const failed = explainEmail('FAILED', { lastError: raw, nextAttemptAt: null, attempts: 10 }, NOW);
    expect(failed).toMatchObject({ problem: true, raw });
    expect(failed.summary).toContain('The email server refused our login.');
    expect(failed.summary).toContain('will not be tried again');
    expect(failed.action).toContain('Tell whoever runs the site');
    expect(failed.action).toContain('The enquiry is safe here');
  });

  it('explains held, digested and duplicate enquiries, and an alert that did not reach the phones', () => {
    expect(explainEmail('HELD', { heldReason: 'hourly-cap' }, NOW).summary).toBe(
      'Held back from its own email because the hourly email cap was reached.',
    );
    expect(explainEmail('DIGESTED', { digest: '2026-11-22T20' }, NOW).summary).toContain(
      'hourly digest email of 22 Nov 2026, 20:00',
    );
    expect(explainEmail('DUPLICATE', {}, NOW).action).toContain('Answer the first one');
    expect(explainEmail(null, {}, NOW).summary).toContain('Just arrived');
    const alert = explainWhatsApp({
      state: 'FAILED',
      numbers: { '919876500001': {}, '919876500002': {} },
      lastError: 'the access token has expired: make a new one',
      lastErrorDetail: 'HTTP 401 OAuthException code 190',
    });
    expect(alert).toMatchObject({ problem: true, raw: 'HTTP 401 OAuthException code 190' });
    expect(alert?.summary).toBe(
      'The WhatsApp alert did not reach 2 sales phones: the access token has expired: make a new one.',
    );
    expect(explainWhatsApp(undefined)).toBeNull();
  });
});

describe('time to first contact', () => {
  it('is "answered in" once recorded, "waiting" until then, and nothing for a duplicate', () => {
    const receivedAt = ago(190);
    expect(responseTo({ receivedAt, data: { followUp: { firstContactAt: ago(178) } } }, NOW)).toMatchObject({
      kind: 'answered',
      text: 'answered in 12 min',
    });
    expect(responseTo({ receivedAt, data: {} }, NOW)).toMatchObject({
      kind: 'waiting',
      text: 'waiting 3 h 10 min',
      late: true,
    });
    expect(responseTo({ receivedAt, data: { notification: { state: 'DUPLICATE' } } }, NOW)).toBeNull();
  });

  it("reads this week's and last week's figures from their histograms", () => {
    const [thisWeek, lastWeek] = responseWeeks(NOW);
    expect(thisWeek?.week).toBe('2026-11-23');
    expect(lastWeek?.week).toBe('2026-11-16');
    const buckets = Array.from({ length: 24 }, () => 0);
    buckets[6] = 3; // within 15 min
    buckets[12] = 1; // within 2 h
    if (!thisWeek) throw new Error('no week');
    expect(weekFigures(thisWeek, { buckets }, 2)).toEqual({
      label: 'This week',
      answered: 4,
      median: 'within 15 min',
      p90: 'within 2 h',
      answeredLate: 1,
      stillWaiting: 2,
    });
    expect(weekFigures(thisWeek, undefined, 0).median).toBe('—');
  });
});
