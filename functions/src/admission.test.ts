import { describe, expect, it } from 'vitest';
import {
  admissionKeys,
  decideAdmission,
  DEFAULT_ADMISSION_LIMITS,
  indiaDayKey,
  indiaHourKey,
  normaliseText,
} from './admission';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from './contract/enquiry';

const now = new Date('2026-11-22T18:45:00Z'); // 00:15 on 23 November in India
const counts = { duplicateOf: null, senderEmail: 0, senderPhone: 0, hour: 0, day: 0 };

describe('admission', () => {
  it('sends while every counter is under its limit', () => {
    expect(decideAdmission(counts, DEFAULT_ADMISSION_LIMITS)).toEqual({ verdict: 'send' });
  });

  it('records a duplicate before anything else, then holds for the sender, the hour and the day', () => {
    const limits = DEFAULT_ADMISSION_LIMITS;
    expect(decideAdmission({ ...counts, duplicateOf: 'c/x', hour: 999 }, limits)).toEqual({
      verdict: 'duplicate',
      duplicateOf: 'c/x',
    });
    expect(decideAdmission({ ...counts, senderPhone: limits.perSenderDaily }, limits)).toEqual({
      verdict: 'held',
      reason: 'sender-limit',
    });
    expect(decideAdmission({ ...counts, hour: limits.hourlyCap }, limits)).toEqual({
      verdict: 'held',
      reason: 'hourly-cap',
    });
    expect(decideAdmission({ ...counts, day: limits.dailyCap }, limits)).toEqual({
      verdict: 'held',
      reason: 'daily-cap',
    });
  });

  it('counts days and hours in India time', () => {
    expect(indiaDayKey(now)).toBe('2026-11-23');
    expect(indiaHourKey(now)).toBe('2026-11-23T00');
  });

  it('names counters by hashes, never by the address or number', () => {
    const keys = admissionKeys(
      ENQUIRY_COLLECTION,
      { email: 'Priya@Example.com', phone: '9876543210', message: 'Hello there, need hair' },
      now,
    );
    expect(Object.values(keys).join(' ')).not.toMatch(/priya|example|9876543210/i);
    const same = admissionKeys(
      ENQUIRY_COLLECTION,
      { email: ' priya@example.com', phone: '9876543210', message: 'HELLO   there, need hair ' },
      now,
    );
    expect(same).toEqual(keys);
  });

  it('fingerprints a popup by its business, and each form on its own', () => {
    const popup = (business: string) =>
      admissionKeys(POPUP_ENQUIRY_COLLECTION, { email: 'a@b.co', phone: '9000000000', business }, now)
        .duplicate;
    expect(popup('Others')).not.toBe(popup('I am a Wholesaler'));
    expect(normaliseText('ＡＢＣ  d')).toBe('abc d');
  });
});
