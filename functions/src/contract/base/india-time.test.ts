import { describe, expect, it } from 'vitest';
import { formatIndiaDateTime, formatIndiaIso, startOfIndiaDay } from './india-time';

describe('India time', () => {
  const lateEveningUtc = new Date(Date.UTC(2026, 11, 31, 20, 15, 7));

  it('shows the next day when it is already past midnight in India', () => {
    expect(formatIndiaDateTime(lateEveningUtc)).toBe('01-01-2027 01:45:07 IST');
    expect(formatIndiaIso(lateEveningUtc)).toBe('2027-01-01T01:45:07+05:30');
  });

  it('starts a calendar day at midnight India time', () => {
    expect(startOfIndiaDay('2026-01-01')?.toISOString()).toBe('2025-12-31T18:30:00.000Z');
  });

  it('rejects what is not a real yyyy-mm-dd day', () => {
    for (const text of ['2026-02-30', '2026-13-01', '01-01-2026', '2026-1-1', '']) {
      expect(startOfIndiaDay(text)).toBeNull();
    }
  });
});
