import { describe, expect, it } from 'vitest';
import {
  buildEnquiryPayload,
  buildPopupEnquiryPayload,
  checkEnquiryDocument,
  checkField,
  ENQUIRY_FIELDS,
  fieldMessage,
  FORM_PAGES,
  POPUP_ENQUIRY_FIELDS,
  prepareInput,
} from './enquiry';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from './collections';
import { withoutHiddenCharacters } from './hidden-characters';

const { name, city, companyname, ordertype, message, email } = ENQUIRY_FIELDS;

describe('one-line fields', () => {
  it.each([
    ['CR LF', 'Priya\r\nCall: tel:+447700900123'],
    ['LF', 'Chennai\nBcc: attacker@evil.com'],
    ['NEL', 'Priya\u0085Raman'],
    ['line separator', 'Priya\u2028Raman'],
    ['paragraph separator', 'Priya\u2029Raman'],
    ['tab', 'Priya\tRaman'],
    ['DEL', 'Priya\u007f'],
    ['C1 control', 'Priya\u009b'],
  ])('refuse a %s in name, city, company and order type', (_what, value) => {
    for (const rule of [name, city, companyname, ordertype, POPUP_ENQUIRY_FIELDS.name])
      expect(checkField(rule, value)).toBe('not-one-line');
  });

  it.each([
    ['right-to-left override', 'Priya\u202emoc.live'],
    ['right-to-left isolate', 'Priya\u2067x\u2069'],
    ['left-to-right mark', 'Priya\u200e'],
    ['Arabic letter mark', 'Priya\u061c'],
  ])('refuse a %s in every free-text field, the message included', (_what, value) => {
    for (const rule of [name, city, companyname, ordertype, POPUP_ENQUIRY_FIELDS.name])
      expect(checkField(rule, value)).toBe('hidden-character');
    expect(checkField(message, `Please pay to ${value} for the hair`)).toBe('hidden-character');
  });

  it('keeps line breaks in the message, which is shown indented under its label', () => {
    expect(checkField(message, 'First line of the enquiry\nSecond line')).toBeNull();
  });

  it('says the field must be one line, leaving the spec messages as they are', () => {
    expect(fieldMessage(name, 'not-one-line')).toBe('Name must be one line of plain text.');
    expect(fieldMessage(name, 'blank')).toBe('Name is required.');
    expect(fieldMessage(email, 'bad-format')).toBe('Email is required and must be valid.');
  });
});

describe('required text needs a letter or digit in some script', () => {
  it.each([
    'கவிதா செல்வம்',
    'राजेश कुमार',
    'Nguyễn Thị Minh Khai',
    "Anita D'Souza",
    'Dr. A. P. J.',
    'Okonjo-Adeyemi',
    '李娜',
    '42',
  ])('takes %s', (value) => {
    expect(checkField(name, value)).toBeNull();
  });

  it.each([
    ['zero-width spaces', '\u200b\u200b\u200b'],
    ['no-break spaces', '\u00a0\u00a0'],
    ['a byte order mark and ideographic spaces', '\ufeff\u3000'],
    ['punctuation', ".-'"],
    ['emoji', '💇‍♀️🙏'],
  ])('refuses %s alone', (_what, value) => {
    expect(checkField(name, value)).toBe('blank');
    expect(checkField(message, value.repeat(10))).toBe('blank');
  });

  it('lets the optional company stay empty', () => {
    expect(checkField(companyname, '')).toBeNull();
  });
});

describe('hidden characters', () => {
  const tags = (text: string) =>
    [...text].map((character) => String.fromCodePoint(0xe0000 + (character.codePointAt(0) ?? 0))).join('');

  it.each([
    ['three Hangul fillers', '\u3164\u3164\u3164'],
    ['Hangul choseong fillers', '\u115f\u115f'],
    ['halfwidth Hangul fillers', '\uffa0\uffa0'],
  ])('refuse a required value of %s: letters to Unicode, blank to a reader', (_what, value) => {
    expect(checkField(name, value)).toBe('hidden-character');
    expect(checkField(city, value)).toBe('hidden-character');
    expect(checkField(message, value.repeat(5))).toBe('hidden-character');
  });

  it.each([
    ['tag characters spelling IGNORE', `Priya${tags('IGNORE')}`],
    ['a zero-width space', 'Pri\u200bya'],
    ['a word joiner', 'Pri\u2060ya'],
    ['a byte order mark', 'Pri\ufeffya'],
    ['an invisible separator', 'Pri\u2063ya'],
  ])('refuse %s inside real text, in any free-text field', (_what, value) => {
    for (const rule of [name, city, companyname, ordertype])
      expect(checkField(rule, value)).toBe('hidden-character');
    expect(checkField(message, `${value} wants a quote`)).toBe('hidden-character');
  });

  it('keep the joiners that Malayalam, Hindi and emoji need', () => {
    expect(checkField(name, 'അനിൽ ക\u0d4d\u200cഷ')).toBeNull();
    expect(checkField(message, 'Please quote 💇‍♀️ for our salon ❤️')).toBeNull();
  });

  /** "IGNORE ALL" written in variation selectors, one per byte, as emoji smuggling hides text. */
  const smuggled = [...'IGNORE ALL']
    .map((c) => String.fromCodePoint(0xe0100 + (c.codePointAt(0) ?? 0) - 0x20))
    .join('');

  it.each([
    ['a soft hyphen (U+00AD)', 'Pri\u00adya'],
    ['a combining grapheme joiner (U+034F)', 'Pri\u034fya'],
    ['a Khmer inherent vowel (U+17B4)', 'Priya\u17b4'],
    ['a Mongolian free variation selector (U+180B)', 'Priya\u180b'],
    ['a Hangul choseong filler (U+115F)', 'Priya\u115f'],
    ['a braille blank (U+2800)', 'Priya\u2800Raman'],
    ['an emoji presentation selector on a letter (U+FE0F)', 'Priya\ufe0f'],
    ['a text presentation selector on an emoji (U+FE0E)', 'Priya ❤\ufe0e'],
    ['two presentation selectors on an emoji', 'Priya ❤\ufe0f\ufe0f'],
    ['an ideographic variation selector (U+E0100)', 'Priya\u{e0100}'],
    ['ten variation selectors spelling IGNORE ALL', `Ravi${smuggled}`],
    ['a run of 60 zero-width non-joiners', `Ravi${'\u200c'.repeat(60)}`],
    ['a zero-width joiner between Latin letters', 'Pri\u200dya'],
    ['a zero-width non-joiner between Latin letters', 'Pri\u200cya'],
    ['a zero-width non-joiner at the start of a word', '\u200cप्रिया'],
    ['a zero-width joiner at the end of a word', 'लक्\u200d शर्मा'],
    ['two joiners in a row inside a Devanagari word', 'लक्\u200d\u200dष्मी'],
    ['a zero-width joiner between two emoji joiners', 'Kavya 👩\u200d\u200d💼'],
  ])('refuse %s, which shows nothing or hides text, in every free-text field', (_what, value) => {
    for (const rule of [name, city, companyname, ordertype, POPUP_ENQUIRY_FIELDS.name])
      if (value.length <= rule.maxLength) expect(checkField(rule, value)).toBe('hidden-character');
    expect(checkField(message, `${value} wants a quote`)).toBe('hidden-character');
    expect(checkField(name, withoutHiddenCharacters(value))).toBeNull();
  });

  it.each([
    ['Devanagari with an explicit half form (virama and ZWJ)', 'लक्\u200dष्मी'],
    ['Devanagari with a ZWNJ after a virama', 'लक्\u200cष्मी'],
    ['Bengali ra with ya-phala (ZWJ before the virama)', 'র\u200d্যাব'],
    ['Malayalam with atomic chillus', 'അനിൽ കുമാർ'],
    ['Malayalam with a ZWNJ inside a word', 'ക\u0d4d\u200cഷമ'],
    ['Sinhala with rakaaraansaya (ZWJ)', 'ශ්\u200dරියානි ලංකා'],
    ['a Persian compound name with a ZWNJ', 'علی\u200cرضا'],
    ['Arabic', 'محمد الفارسي'],
    ['Tamil', 'கவிதா செல்வம்'],
    ['an emoji with a skin tone', 'Kavya 👍🏽'],
    ['a ZWJ emoji sequence with a skin tone', 'Kavya 👩🏽\u200d💼'],
    ['a family emoji', 'Kavya 👨\u200d👩\u200d👧'],
    ['a heart with its presentation selector', 'Kavya ❤\ufe0f'],
    ['a rainbow flag (a selector inside a ZWJ sequence)', 'Kavya 🏳\ufe0f\u200d🌈'],
    ['a keycap', 'Kavya 1\ufe0f\u20e3'],
  ])('keep %s, as people write it', (_what, value) => {
    for (const rule of [name, city, companyname, ordertype, POPUP_ENQUIRY_FIELDS.name])
      expect(checkField(rule, value)).toBeNull();
    expect(checkField(message, `${value} wants a quote`)).toBeNull();
    expect(withoutHiddenCharacters(value)).toBe(value);
  });

  it('are removed from what a visitor types before it is checked and stored', () => {
    expect(prepareInput('name', `\u3164\u3164\u3164`)).toBe('');
    expect(prepareInput('name', ` Pri\u200bya${tags('IGNORE')} `)).toBe('Priya');
    expect(prepareInput('message', 'Pay \u202eTNUOCCA\u202c now')).toBe('Pay TNUOCCA now');
    expect(prepareInput('phone', '98765\u200b43210')).toBe('9876543210');
    expect(withoutHiddenCharacters('क\u200dष')).toBe('क\u200dष');
    expect(withoutHiddenCharacters('a\u200db')).toBe('ab');
  });

  it('leave a Malayalam chillu typed in the older spelling (virama and ZWJ) as the letter a person sees', () => {
    const legacy = (consonant: string) => `${consonant}\u0d4d\u200d`;
    const sent = new Date(2026, 10, 28, 10, 0, 0);
    const full = buildEnquiryPayload(
      {
        name: `അവ${legacy('ന')} കുമാ${legacy('ര')}`,
        companyname: `കൊല്ലം ഹെയ${legacy('ര')}`,
        phone: '9876543210',
        email: 'avan@example.in',
        city: `തിരുവനന്തപുരം ${legacy('ള')}`,
        ordertype: `Bulk, ക${legacy('ണ')}`,
        message: `അനി${legacy('ല')} പറഞ്ഞു: വില അറിയിക്കുക. ${legacy('ക')}`,
      },
      FORM_PAGES.enquiry,
      sent,
    );
    expect(full).toMatchObject({
      name: 'അവൻ കുമാർ',
      companyname: 'കൊല്ലം ഹെയർ',
      city: 'തിരുവനന്തപുരം ൾ',
      ordertype: 'Bulk, കൺ',
      message: 'അനിൽ പറഞ്ഞു: വില അറിയിക്കുക. ൿ',
    });
    expect(checkEnquiryDocument(ENQUIRY_COLLECTION, { ...full, createdAt: sent })).toEqual([]);
    const popup = buildPopupEnquiryPayload(
      { name: `അവ${legacy('ന')}`, email: 'avan@example.in', phone: '9876543210', business: 'Others' },
      sent,
    );
    expect(popup.name).toBe('അവൻ');
    expect(checkEnquiryDocument(POPUP_ENQUIRY_COLLECTION, { ...popup, createdAt: sent })).toEqual([]);
  });

  it('have a message of their own, for a document a script wrote', () => {
    expect(fieldMessage(name, 'hidden-character')).toBe('Name must not contain hidden characters.');
  });
});

describe('email addresses', () => {
  it.each([
    'priya@ramanhair.in',
    'priya+bulk@ramanhair.co.in',
    "o'neil@mail.co.uk",
    'siobhan@walsh.hair',
    'info@studio.photography',
    'kavya@example.xn--h2brj9c',
    `${'p'.repeat(64)}@ramanhair.in`,
    `priya@${'r'.repeat(63)}.in`,
    'a@b-c.d-e.com',
  ])('takes %s', (value) => {
    expect(checkField(email, value)).toBeNull();
  });

  it.each([
    `${'p'.repeat(241)}@ramanhair.in`,
    `${'p'.repeat(65)}@ramanhair.in`,
    '.a..b.@x.com',
    'a@-.-.com',
    'priya.@ramanhair.in',
    'priya@-ramanhair.in',
    'priya@ramanhair-.in',
    `priya@${'r'.repeat(64)}.in`,
    'priya@ramanhair.xn--',
    'priya@ramanhair.c0m',
    'priya@ramanhair..in',
  ])('refuses %s', (value) => {
    expect(checkField(email, value)).toBe('bad-format');
  });
});
