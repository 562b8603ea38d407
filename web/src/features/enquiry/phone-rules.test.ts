import { describe, expect, it } from 'vitest';
import { countryKnownAtOnce, countryToFollow, defaultCountry } from './phone-rules';

describe("the phone field's country", () => {
  it.each([
    ['America/New_York', 'US'],
    ['Africa/Lagos', 'NG'],
    ['Europe/London', 'GB'],
    ['Asia/Calcutta', 'IN'],
    ['Asia/Kolkata', 'IN'],
    ['America/Argentina/Buenos_Aires', 'AR'],
    ['UTC', 'IN'],
    ['Etc/GMT+5', 'IN'],
  ])('starts, in the time zone %s, at %s', async (zone, country) => {
    expect(await defaultCountry(zone)).toBe(country);
  });

  it('knows India without the table of zones, and nothing else', () => {
    expect(countryKnownAtOnce('Asia/Kolkata')).toBe('IN');
    expect(countryKnownAtOnce('Asia/Calcutta')).toBe('IN');
    expect(countryKnownAtOnce('')).toBe('IN');
    expect(countryKnownAtOnce('America/New_York')).toBeNull();
    expect(countryKnownAtOnce('UTC')).toBeNull();
  });

  it('follows a number typed with another country code, and keeps a chosen country that shares it', () => {
    expect(countryToFollow('+234 803', 'IN')).toBe('NG');
    expect(countryToFollow('0044 7911', 'IN')).toBe('GB');
    expect(countryToFollow('+44 7911 123456', 'GB')).toBeNull();
    expect(countryToFollow('+1 212', 'CA')).toBeNull();
    expect(countryToFollow('98765 43210', 'US')).toBeNull();
  });
});
