import { describe, expect, it } from 'vitest';
import {
  BUYER_SIGN_NAMES,
  buyerSigns,
  deviceClockAgrees,
  digestEntries,
  rankForDigest,
  type DigestCandidate,
} from './buyer-signals';
import { formatEnquiryDate, formatEnquiryTime } from '../contract/enquiry/enquiry';
import { INDIA_OFFSET_MS } from '../contract/base/india-time';
import { ENQUIRY_COLLECTION } from '../contract/enquiry/collections';

/** 10:30 in Coimbatore. */
const SERVER_TIME = new Date('2026-03-02T05:00:00Z');

/** The date and time fields a device whose clock is `offsetMs` from UTC writes at `at`. */
function deviceFields(at: Date, offsetMs: number) {
  const wall = new Date(at.getTime() + offsetMs);
  const asLocal = new Date(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
  );
  return { date: formatEnquiryDate(asLocal), time: formatEnquiryTime(asLocal) };
}

let counter = 0;
function candidate(
  overrides: Partial<DigestCandidate> & { data?: Record<string, unknown> } = {},
): DigestCandidate {
  counter += 1;
  const receivedAt = overrides.receivedAt === undefined ? SERVER_TIME : overrides.receivedAt;
  return {
    collection: ENQUIRY_COLLECTION,
    id: `id${String(counter).padStart(4, '0')}`,
    kind: 'held',
    heldReason: 'hourly-cap',
    senderEmailsToday: 0,
    receivedAt,
    ...overrides,
    data: {
      name: `Buyer ${counter}`,
      email: `buyer${counter}@example.com`,
      phone: String(9_100_000_000 + counter),
      ...deviceFields(receivedAt ?? SERVER_TIME, INDIA_OFFSET_MS),
      ...overrides.data,
    },
  };
}

describe("a device's own clock", () => {
  it.each([
    ['India', INDIA_OFFSET_MS],
    ['London in winter', 0],
    ['Nepal (+5:45)', (5 * 60 + 45) * 60_000],
    ['New York', -5 * 60 * 60_000],
    ['India, running 3 minutes fast', INDIA_OFFSET_MS + 3 * 60_000],
  ])('agrees with the server from a device in %s', (_where, offsetMs) => {
    expect(deviceClockAgrees(deviceFields(SERVER_TIME, offsetMs), SERVER_TIME)).toBe(true);
  });

  it.each([
    ['a captured request replayed an hour and seven minutes later', INDIA_OFFSET_MS - 67 * 60_000],
    ['a time ten minutes off any time zone', INDIA_OFFSET_MS + 10 * 60_000],
    ['a date two days old', INDIA_OFFSET_MS - 2 * 24 * 60 * 60_000 - 7 * 60_000],
  ])('does not agree for %s', (_what, offsetMs) => {
    expect(deviceClockAgrees(deviceFields(SERVER_TIME, offsetMs), SERVER_TIME)).toBe(false);
  });

  it('does not agree without a server time or with unreadable fields', () => {
    expect(deviceClockAgrees(deviceFields(SERVER_TIME, INDIA_OFFSET_MS), null)).toBe(false);
    expect(deviceClockAgrees({ date: '2-3-2026', time: '10:30:00' }, SERVER_TIME)).toBe(false);
  });
});

describe('signs of a real buyer', () => {
  it('sees a repeated email and phone, a sender-limit hold and a duplicate', () => {
    const twin = { email: 'same@example.com', phone: '9000000009' };
    const minutes = (n: number) => new Date(SERVER_TIME.getTime() + n * 60_000);
    const candidates = [
      candidate({ receivedAt: minutes(0) }),
      candidate({ receivedAt: minutes(2), data: twin }),
      candidate({ receivedAt: minutes(4), data: twin }),
      candidate({ receivedAt: minutes(6), heldReason: 'sender-limit', senderEmailsToday: 5 }),
      candidate({ receivedAt: minutes(8), kind: 'duplicate', heldReason: undefined }),
    ];
    expect(buyerSigns(candidates).map((signs) => [signs.firstContact, signs.passedChecks])).toEqual([
      [true, true],
      [false, true],
      [false, true],
      [false, false],
      [false, false],
    ]);
  });

  it("tells a buyer's +1 number from someone else's Indian number with the same ten digits", () => {
    const minutes = (n: number) => new Date(SERVER_TIME.getTime() + n * 60_000);
    const candidates = [
      candidate({ receivedAt: minutes(0), data: { email: 'same@example.com', phone: '+12125550100' } }),
      candidate({ receivedAt: minutes(3), data: { email: 'same@example.com', phone: '2125550100' } }),
      candidate({ receivedAt: minutes(6), data: { email: 'same@example.com', phone: '+1 212 555 0100' } }),
    ];
    expect(buyerSigns(candidates).map((signs) => signs.firstContact)).toEqual([false, true, false]);
  });

  it('puts a real buyer typed after a burst of replayed writes at the top, newest first among equals', () => {
    const replayed = deviceFields(new Date(SERVER_TIME.getTime() - 67 * 60_000), INDIA_OFFSET_MS);
    const flood = Array.from({ length: 200 }, (_, index) =>
      candidate({ receivedAt: new Date(SERVER_TIME.getTime() + index * 50), data: replayed }),
    );
    const later = new Date(SERVER_TIME.getTime() + 5 * 60_000);
    const buyer = candidate({ receivedAt: later });
    const popupBuyer = candidate({ receivedAt: new Date(later.getTime() + 30_000) });
    const ranked = rankForDigest([...flood, popupBuyer, buyer]);
    expect(ranked.slice(0, 2).map(({ candidate: top }) => top.id)).toEqual([popupBuyer.id, buyer.id]);
    expect(ranked[0]?.signs).toEqual({
      firstContact: true,
      passedChecks: true,
      deviceClock: true,
      notInBurst: true,
    });
    expect(ranked[2]?.signs).toMatchObject({ deviceClock: false, notInBurst: false });
    expect(ranked.slice(2).map(({ candidate: rest }) => rest.id)).toEqual(
      flood.map((entry) => entry.id).reverse(),
    );
  });

  it('puts a popup buyer whose email and phone a flood borrowed, sent in the middle of it, above every scripted write', () => {
    const replayed = deviceFields(new Date(SERVER_TIME.getTime() - 67 * 60_000), INDIA_OFFSET_MS);
    const at = (index: number) => new Date(SERVER_TIME.getTime() + index * 20);
    // 300 distinct senders: each a first contact that passed every check, on a replayed clock.
    const flood = Array.from({ length: 300 }, (_, index) =>
      candidate({ receivedAt: at(index), data: replayed }),
    );
    const contact = { email: 'arun@example.com', phone: '9123456780' };
    const squatters = Array.from({ length: 6 }, (_, index) =>
      candidate({ receivedAt: at(300 + index), data: { ...replayed, ...contact } }),
    );
    // The buyer's own popup, from their phone's clock, two seconds after the flood's last write.
    const popupBuyer = candidate({
      receivedAt: at(400),
      data: { ...contact, name: 'Arun Kumar', ...deviceFields(at(400), INDIA_OFFSET_MS) },
    });
    const ranked = rankForDigest([...flood, ...squatters, popupBuyer]);
    expect(ranked[0]?.candidate.id).toBe(popupBuyer.id);
    expect(ranked[0]?.signs).toEqual({
      firstContact: false,
      passedChecks: true,
      deviceClock: true,
      notInBurst: false,
    });
    expect(ranked.at(-1)?.candidate.id).toBe(squatters[0]?.id);
  });

  it('puts a buyer who writes just after a flood, level with its tail on every other sign, in the first row', () => {
    // 1,050 writes 50 ms apart, each a first contact that passed every check on a device-like clock:
    // a script that fakes three signs of four, as the flood before this rule did.
    const at = (ms: number) => new Date(SERVER_TIME.getTime() + ms);
    const flood = Array.from({ length: 1050 }, (_, index) => candidate({ receivedAt: at(index * 50) }));
    const buyer = candidate({ receivedAt: at(1050 * 50 + 1_500), data: { name: 'Meena Sundaram' } });
    const ranked = rankForDigest([...flood, buyer]);
    expect(ranked[0]?.candidate.id).toBe(buyer.id);
    expect(ranked[0]?.signs).toEqual(ranked[1]?.signs);
    expect(ranked[0]?.signs.notInBurst).toBe(false);
  });

  it('ranks an enquiry outside the burst above every one inside it, whatever its other signs', () => {
    const at = (ms: number) => new Date(SERVER_TIME.getTime() + ms);
    const flood = Array.from({ length: 200 }, (_, index) => candidate({ receivedAt: at(index * 50) }));
    // Its sender already had its emails today: weaker signs than every write of the flood.
    const returning = candidate({
      receivedAt: at(200 * 50 + 60_000),
      heldReason: 'sender-limit',
      senderEmailsToday: 5,
    });
    // In a lull inside the flood's span: few neighbours, but inside its window.
    const lull = candidate({ receivedAt: at(100 * 50 + 25) });
    const ranked = rankForDigest([...flood, lull, returning]);
    expect(ranked[0]?.candidate.id).toBe(returning.id);
    expect(ranked[0]?.signs).toMatchObject({ firstContact: false, passedChecks: false, notInBurst: true });
    expect(ranked.find(({ candidate: entry }) => entry.id === lull.id)?.signs.notInBurst).toBe(false);
  });
});

describe('a phone number its country does not have', () => {
  it.each([
    ['0000000000', 'ten digits, but no Indian number'],
    ['+112345678901234', '+1 and fourteen digits'],
    ['+999123456789', 'a code no country has'],
  ])('%s (%s) has not passed every check, and ranks below the same enquiry with a valid number', (phone) => {
    const minutes = (n: number) => new Date(SERVER_TIME.getTime() + n * 60_000);
    // The invalid one is the newer, so only the weaker sign puts it second.
    const valid = candidate({ receivedAt: minutes(0) });
    const invalid = candidate({ receivedAt: minutes(5), data: { phone } });
    const ranked = rankForDigest([valid, invalid]);
    expect(ranked.map(({ candidate: entry }) => entry.id)).toEqual([valid.id, invalid.id]);
    expect(ranked[1]?.signs).toEqual({
      firstContact: true,
      passedChecks: false,
      deviceClock: true,
      notInBurst: true,
    });
  });
});

describe("the digest's entries, as the email shows them", () => {
  it('say why each had no email of its own and which signs it has, strongest first', () => {
    const capped = candidate({ data: { name: 'Capped' } });
    const limited = candidate({ heldReason: 'sender-limit', data: { name: 'Limited', date: '', time: '' } });
    const repeat = candidate({ kind: 'duplicate', duplicateOf: `${ENQUIRY_COLLECTION}/first1` });
    const entries = digestEntries([limited, repeat, capped]);
    expect(entries.map((entry) => [entry.enquiry.data.name, entry.held, entry.why, entry.signs])).toEqual([
      [
        'Capped',
        true,
        'the hourly email cap was reached',
        "4 of 4: first contact, passed every check, a device's own clock, not part of a burst",
      ],
      [
        repeat.data.name,
        false,
        `duplicate of ${ENQUIRY_COLLECTION}/first1`,
        "2 of 4: a device's own clock, not part of a burst",
      ],
      [
        'Limited',
        true,
        'this sender (the same name, email and phone) already had its emails today',
        '2 of 4: first contact, not part of a burst',
      ],
    ]);
    expect(BUYER_SIGN_NAMES).toEqual([
      'first contact',
      'passed every check',
      "a device's own clock",
      'not part of a burst',
    ]);
  });
});
