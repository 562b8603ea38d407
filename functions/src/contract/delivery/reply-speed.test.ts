import { describe, expect, it } from 'vitest';
import {
  countsForReplySpeed,
  medianOf,
  MIN_ANSWERED_TO_SHOW,
  readReplySpeed,
  replySpeedText,
  type ReplySpeed,
} from './reply-speed';

const figure = (answered: number, medianSeconds: number | null): ReplySpeed => ({
  answered,
  medianSeconds,
  windowDays: 90,
  updatedAt: '2026-11-27T06:00:00.000Z',
});

describe('the reply-speed figure', () => {
  it('is the middle wait, or the mean of the middle two', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([300, 60, 6000])).toBe(300);
    expect(medianOf([60, 6000, 300, 120])).toBe(210);
    expect(medianOf([1, 2])).toBe(2);
  });

  it('counts admitted enquiries only', () => {
    for (const state of ['SENT', 'PENDING', 'SENDING', 'FAILED'])
      expect(countsForReplySpeed(state)).toBe(true);
    for (const state of ['HELD', 'DIGESTED', 'DUPLICATE', undefined, 7])
      expect(countsForReplySpeed(state)).toBe(false);
  });

  it(`is said to buyers only from ${MIN_ANSWERED_TO_SHOW} answered enquiries`, () => {
    expect(replySpeedText(figure(MIN_ANSWERED_TO_SHOW - 1, 6000))).toBeNull();
    expect(replySpeedText(figure(0, null))).toBeNull();
    expect(replySpeedText(null)).toBeNull();
    expect(replySpeedText(figure(212, 6000))).toBe(
      'Our sales team’s median first reply: 1 h 40 min, over 212 enquiries in the last 90 days',
    );
    expect(replySpeedText(figure(1500, 45))).toBe(
      'Our sales team’s median first reply: 45 s, over 1,500 enquiries in the last 90 days',
    );
  });

  it('reads what it does not recognise as no figure', () => {
    expect(readReplySpeed({ shown: false })).toBeNull();
    expect(readReplySpeed({ answered: -1, medianSeconds: 5, windowDays: 90 })).toBeNull();
    expect(readReplySpeed({ answered: 30, medianSeconds: '5', windowDays: 90 })).toBeNull();
    expect(readReplySpeed('30')).toBeNull();
    expect(readReplySpeed(figure(30, 6000))).toEqual(figure(30, 6000));
  });
});
