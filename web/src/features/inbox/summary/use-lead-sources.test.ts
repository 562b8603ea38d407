import { describe, expect, it } from 'vitest';
import { startOfIndiaMonth } from './use-lead-sources';

describe("the inbox's month of lead sources", () => {
  it('starts at midnight on the first of the month in India, whatever the clock of the browser', () => {
    // 30 November 2026, 20:00 UTC is already 1 December in Coimbatore.
    expect(startOfIndiaMonth(new Date('2026-11-30T20:00:00Z'))?.toISOString()).toBe(
      '2026-11-30T18:30:00.000Z',
    );
    expect(startOfIndiaMonth(new Date('2026-11-27T04:00:00Z'))?.toISOString()).toBe(
      '2026-10-31T18:30:00.000Z',
    );
  });
});
