import { describe, expect, it } from 'vitest';
import {
  answeredLate,
  emptyResponseStats,
  readResponseStats,
  responseBucket,
  responsePercentileMinutes,
  responseWeek,
  RESPONSE_BUCKET_COUNT,
} from './response-times';
import { formatWait } from './wait-text';

const statsOf = (minutes: number[]) => {
  const stats = emptyResponseStats('2026-11-23');
  for (const value of minutes) {
    const bucket = responseBucket(value * 60);
    stats.buckets[bucket] = (stats.buckets[bucket] ?? 0) + 1;
  }
  stats.answered = minutes.length;
  return stats;
};

describe('response times', () => {
  it('counts an enquiry in the India-time week it arrived in, Monday to Sunday', () => {
    // Sunday 23:50 in India is still the week of Monday the 16th; ten minutes later a new week.
    expect(responseWeek(new Date('2026-11-22T18:20:00Z'))).toBe('2026-11-16');
    expect(responseWeek(new Date('2026-11-22T18:31:00Z'))).toBe('2026-11-23');
  });

  it('gives the median and 90th percentile as "within" a bucket, and counts answers after the hour', () => {
    const stats = statsOf([0.5, 4, 9, 12, 14, 25, 50, 70, 200, 3000]);
    expect(responsePercentileMinutes(stats, 0.5)).toBe(15);
    expect(responsePercentileMinutes(stats, 0.9)).toBe(240);
    expect(answeredLate(stats)).toBe(3);
    expect(responsePercentileMinutes(emptyResponseStats('2026-11-23'), 0.5)).toBeNull();
    expect(responsePercentileMinutes(statsOf([20_000]), 0.5)).toBe(Number.POSITIVE_INFINITY);
  });

  it('reads a malformed stored document as nothing answered', () => {
    expect(readResponseStats('2026-11-23', { buckets: [1, 2] }).answered).toBe(0);
    const stored = Array.from({ length: RESPONSE_BUCKET_COUNT }, (_, index) => (index === 3 ? 2 : 0));
    expect(readResponseStats('2026-11-23', { buckets: stored, answered: 99 }).answered).toBe(2);
  });

  it('says a wait as a salesperson reads it', () => {
    expect(formatWait(45)).toBe('45 s');
    expect(formatWait(12 * 60 + 20)).toBe('12 min');
    expect(formatWait(3 * 3600 + 10 * 60)).toBe('3 h 10 min');
    expect(formatWait(2 * 3600)).toBe('2 h');
    expect(formatWait(2 * 86_400 + 4 * 3600 + 59)).toBe('2 d 4 h');
  });
});
