import { describe, expect, it } from 'vitest';
import { checkField, ENQUIRY_FIELDS, fieldMessage, POPUP_ENQUIRY_FIELDS } from './enquiry';

const { name, city, companyname, ordertype, message, email } = ENQUIRY_FIELDS;

describe('one-line fields', () => {
  it.each([
    ['CR LF', 'Priya\r\nCall: tel:+447700900123'],
    ['LF', 'Chennai\nBcc: attacker@evil.com'],
    ['NEL', 'Priya\u0085Raman'],
    ['line separator', 'Priya\u2028Raman'],
    ['paragraph separator', 'Priya\u2029Raman'],
    ['right-to-left override', 'Priya\u202emoc.live'],
    ['right-to-left isolate', 'Priya\u2067x\u2069'],
    ['left-to-right mark', 'Priya\u200e'],
    ['Arabic letter mark', 'Priya\u061c'],
    ['tab', 'Priya\tRaman'],
    ['DEL', 'Priya\u007f'],
    ['C1 control', 'Priya\u009b'],
  ])('refuse a %s in name, city, company and order type', (_what, value) => {
    for (const rule of [name, city, companyname, ordertype, POPUP_ENQUIRY_FIELDS.name])
      expect(checkField(rule, value)).toBe('not-one-line');
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
