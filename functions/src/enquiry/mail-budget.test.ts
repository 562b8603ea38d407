import { describe, expect, it } from 'vitest';
import { MAIL_KINDS } from '../contract/delivery/mail-usage';
import { DEFAULT_ADMISSION_LIMITS } from './deps';
import {
  acknowledgementAllowance,
  budgetCounters,
  DIGESTS_PER_DAY,
  mailBudget,
  SALES_RESERVE_SHARE,
} from './mail-budget';

const at = new Date('2026-03-02T04:30:00Z');

describe('the mail budget', () => {
  it('is the caps plus a digest an hour: what the provider’s quota must allow', () => {
    expect(mailBudget(DEFAULT_ADMISSION_LIMITS)).toEqual({ hourly: 61, daily: 400 + DIGESTS_PER_DAY });
  });

  it('lets sales emails use the caps, the digest the whole budget, and acknowledgements never the sales reserve', () => {
    const limits = DEFAULT_ADMISSION_LIMITS;
    const limitsOf = (kind: Parameters<typeof budgetCounters>[0]) =>
      budgetCounters(kind, limits, at).map(({ limit }) => limit);
    expect(limitsOf('sales')).toEqual([60, 400]);
    expect(limitsOf('digest')).toEqual([61, 424]);
    expect(limitsOf('acknowledgement')).toEqual([
      60 * (1 - SALES_RESERVE_SHARE),
      400 * (1 - SALES_RESERVE_SHARE),
    ]);
    // Every kind counts on the same two counters: one budget.
    const counters = MAIL_KINDS.flatMap((kind) =>
      budgetCounters(kind, limits, at).map(({ counter }) => counter),
    );
    expect(new Set(counters)).toEqual(new Set(['hour-2026-03-02T10', 'day-2026-03-02']));
  });

  it('gives acknowledgements at most a quarter of the caps', () => {
    expect(acknowledgementAllowance(DEFAULT_ADMISSION_LIMITS)).toEqual({ hourly: 15, daily: 100 });
  });
});
