import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';
import { describe, expect, it } from 'vitest';
import { countryInSentence, countryOfCallingCode, phoneCountries } from './countries';
import { phoneLinks } from './contact-links';
import { readCorrection } from '../inbox/correction';
import { ENQUIRY_COLLECTION } from './collections';
import { e164Of, phoneKey } from './phone';
import { MAIN_COUNTRY_OF_SHARED_CODE } from './phone-countries';
import { displayPhone, nationalPhone, phoneCountry, phoneProblem, preparePhone } from './phone-plans';

describe('the phone as stored', () => {
  it.each([
    ['+1 212 555 0100', 'US', '+12125550100'],
    ['2125550100', 'US', '+12125550100'],
    ['(212) 555-0100', 'US', '+12125550100'],
    ['+44 7911 123456', 'IN', '+447911123456'],
    ['07911 123456', 'GB', '+447911123456'],
    ['0044 7911 123456', 'GB', '+447911123456'],
    ['+234 803 123 4567', 'US', '+2348031234567'],
    ['0803 123 4567', 'NG', '+2348031234567'],
    ['98765 43210', 'IN', '9876543210'],
    ['+91 98765 43210', 'IN', '9876543210'],
    ['098765-43210', 'IN', '9876543210'],
    ['+91 98765 43210', 'US', '9876543210'],
    ['98765 43210', 'GB', '+449876543210'],
  ])('%s typed with %s chosen is stored as %s', (typed, country, stored) => {
    expect(preparePhone(typed, country)).toBe(stored);
  });

  it('keeps India’s rule and message exactly, and names the country abroad', () => {
    expect(phoneProblem(preparePhone('98400', 'IN'), 'IN')).toBe(
      'Phone is required and must be a 10-digit number.',
    );
    expect(phoneProblem(preparePhone('212 555 01', 'US'), 'US')).toBe(
      'Phone is required and must be a valid number for the United States.',
    );
    expect(phoneProblem(preparePhone('+234 803 123', 'IN'), 'NG')).toBe(
      'Phone is required and must be a valid number for Nigeria.',
    );
    expect(phoneProblem(preparePhone('98765 43210', 'GB'), 'GB')).toBe(
      'Phone is required and must be a valid number for the United Kingdom.',
    );
    expect(phoneProblem('+12125550100', 'US')).toBeNull();
    expect(phoneProblem('0123456789', 'IN')).toBeNull();
  });

  it('dials the E.164 number of every stored phone, and never guesses +91 for one abroad', () => {
    expect(e164Of('9876543210')).toBe('+919876543210');
    expect(e164Of('+12125550100')).toBe('+12125550100');
    expect(e164Of('+919876543210')).toBeNull();
    expect(phoneLinks('+12125550100', 'Hello')).toEqual({
      display: '+1 212 555 0100',
      tel: 'tel:+12125550100',
      whatsapp: 'https://wa.me/12125550100?text=Hello',
    });
    expect(phoneLinks('9876543210')?.display).toBe('+91 98765 43210');
    expect(displayPhone('+2348031234567')).toBe('+234 803 123 4567');
  });

  it('names the country of a number, and how its country dials it at home', () => {
    expect(phoneCountry('9876543210')).toBe('IN');
    expect(phoneCountry('+12125550100')).toBe('US');
    expect(phoneCountry('+14165550123')).toBe('CA');
    expect(phoneCountry('+2348031234567')).toBe('NG');
    expect(nationalPhone('+12125550100')).toBe('(212) 555-0100');
    expect(nationalPhone('9876543210')).toBe('9876543210');
    expect(countryInSentence('US')).toBe('the United States');
    expect(countryOfCallingCode('4479')).toBe('GB');
    expect(countryOfCallingCode('2348')).toBe('NG');
  });

  it('keys a buyer abroad apart from an Indian number with the same digits', () => {
    expect(phoneKey('+12125550100')).not.toBe(phoneKey('2125550100'));
    expect(phoneKey('+91 98765 43210')).toBe('9876543210');
  });

  it('lets a salesperson correct the country of a number', () => {
    const stored = { phone: '2125550100' };
    expect(readCorrection(ENQUIRY_COLLECTION, stored, { phone: '212 555 0100', country: 'US' })).toEqual({
      changes: { phone: '+12125550100' },
      problems: {},
    });
    expect(readCorrection(ENQUIRY_COLLECTION, stored, { phone: '212 555', country: 'US' }).problems).toEqual({
      phone: 'Phone is required and must be a valid number for the United States.',
    });
  });
});

describe('the country table the form loads first', () => {
  it('lists every country of libphonenumber-js with its dialling code (npx tsx scripts/build-phone-data.ts)', () => {
    expect(
      phoneCountries()
        .map(([code, calling]) => [code, calling])
        .sort(),
    ).toEqual(
      getCountries()
        .map((code) => [code, getCountryCallingCode(code)])
        .sort(),
    );
    for (const [code, countries] of Object.entries(metadata.country_calling_codes))
      if (countries.length > 1) expect(MAIN_COUNTRY_OF_SHARED_CODE[code]).toBe(countries[0]);
    expect(phoneCountries().find(([code]) => code === 'NG')).toEqual(['NG', '234', 'Nigeria']);
  });
});
