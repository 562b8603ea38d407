import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, parseBusinessHours, replyBy } from './business-hours';
import { buyerClockText, weekdayTimeIn } from '../enquiry/buyer-time';
import { enquiryReference, typedReference } from '../enquiry/enquiry-reference';

const hours = parseBusinessHours(DEFAULT_BUSINESS_HOURS);
const india = (iso: string) => new Date(`${iso}+05:30`);

describe('the reply the acknowledgement promises', () => {
  it('is one business day later when the enquiry arrives in business hours', () => {
    expect(replyBy(india('2026-11-24T14:00:00'), hours)).toEqual(india('2026-11-25T14:00:00'));
    expect(replyBy(india('2026-11-24T14:07:00'), hours)).toEqual(india('2026-11-25T14:30:00'));
  });

  it('is the end of the next business day after hours, Sunday closed', () => {
    // Friday 23:00 in India: Saturday's hours.
    const friday = india('2026-11-27T23:00:00');
    expect(replyBy(friday, hours)).toEqual(india('2026-11-28T18:30:00'));
    expect(replyBy(india('2026-11-28T20:00:00'), hours)).toEqual(india('2026-11-30T18:30:00'));
    expect(weekdayTimeIn(replyBy(friday, hours), 'America/New_York')).toBe('Saturday 08:00');
  });

  it('reads a list of days and refuses what it cannot read', () => {
    expect([...parseBusinessHours('Mon,Wed,Fri 10:00-17:00').days]).toEqual([1, 3, 5]);
    expect(() => parseBusinessHours('Monday to Saturday')).toThrow(/SALES_BUSINESS_HOURS/);
    expect(() => parseBusinessHours('Mon-Sat 18:30-09:30')).toThrow(/SALES_BUSINESS_HOURS/);
  });
});

describe("the buyer's own time", () => {
  it('says the time there, and hints at night', () => {
    const at = new Date('2026-11-27T04:40:00Z');
    expect(buyerClockText(at, 'America/New_York')).toBe(
      '11:40 pm in New York: a WhatsApp message may be kinder than a call',
    );
    expect(buyerClockText(at, 'Asia/Kolkata')).toBe('10:10 am in Kolkata');
    expect(buyerClockText(at, 'Nowhere/Atlantis')).toBeNull();
  });
});

describe('the reference', () => {
  it('is the same for an ID everywhere, readable on a call, and found however it is typed', () => {
    const reference = enquiryReference('AbCdEfGhIjKlMnOpQrSt');
    expect(reference).toMatch(/^SME-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(enquiryReference('AbCdEfGhIjKlMnOpQrSt')).toBe(reference);
    expect(enquiryReference('AbCdEfGhIjKlMnOpQrSu')).not.toBe(reference);
    expect(typedReference(reference.toLowerCase().replace(/-/g, ' '))).toBe(reference);
    expect(typedReference('SME-4F7K-2QXL')).toBe('SME-4F7K-2QX1');
    expect(typedReference('Priya')).toBeNull();
  });

  it('keeps collisions rare: none among 20,000 enquiries', () => {
    const seen = new Set<string>();
    for (let index = 0; index < 20_000; index += 1)
      seen.add(enquiryReference(`enquiry${String(index).padStart(13, '0')}`));
    expect(seen.size).toBe(20_000);
  });
});
