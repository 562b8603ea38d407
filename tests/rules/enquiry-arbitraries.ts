/**
 * Generated enquiry documents for the differential test: valid ones as the contract describes
 * them, and ones changed right at the edges where a hand-written rule and the contract could
 * disagree (lengths counted in UTF-16 units, whitespace that is not blank, near-miss formats).
 *
 * Bounds, patterns and options are read from the contract, so the documents follow it if it
 * changes; the rules, written by hand, then have to follow too.
 */
import {
  DATE_PATTERN,
  EMAIL_LOCAL_PART_LIMIT,
  EMAIL_PATTERN,
  hasLetterOrDigit,
  FIELDS_BY_COLLECTION,
  PHONE_PATTERN,
  SERVER_TIMESTAMP_FIELD,
  TIME_PATTERN,
  TIME_ZONE_PATTERN,
  STRUCTURED_FIELDS_BY_COLLECTION,
  type FieldRule,
} from '@contract/enquiry/enquiry';
import { LEAD_SOURCE_FIELD, LEAD_SOURCE_KEYS, LEAD_SOURCE_PATTERNS } from '@contract/enquiry/lead-source';
import {
  LINE_LENGTH_PATTERN,
  MAX_LINE_LENGTH_TEXT,
  MAX_QUANTITY,
  MAX_REQUEST_LINES,
  MIN_QUANTITY,
  REQUEST_LINE_KEYS,
  REQUEST_LINE_PRODUCTS,
  REQUEST_LINE_UNITS,
  REQUEST_LINES_FIELD,
} from '@contract/enquiry/request-lines';
import fc from 'fast-check';
import { serverTimestamp, Timestamp } from 'firebase/firestore';
import {
  BLANK_LOOKING_LETTERS,
  emailOfUnits,
  HIDDEN_INSIDE_TEXT,
  NO_LETTER_OR_DIGIT,
  ONE_LINE_BREAKERS,
} from './attack-cases';
import type { EnquiryCollection } from '@contract/enquiry/collections';

export const CHANGE_KINDS = [
  'length edge',
  'blank',
  'look-alike blank',
  'wrong type',
  'near-miss format',
  'not an option',
  'missing key',
  'extra key',
  'control character',
  'no letter or digit',
  'hidden character',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export type FuzzedDocument = {
  data: Record<string, unknown>;
  /** What was changed from a valid document, e.g. `name: length edge`. */
  changes: { field: string; kind: ChangeKind }[];
};

/** Pieces of text, each whole: a Tamil letter with its vowel sign, an emoji with its modifiers. */
const SCRIPTS = {
  latin: ['a', 'Z', '0', '.', "'", '-', ' ', 'é'],
  tamil: ['த', 'மி', 'ழ்', 'ஸ்ரீ', 'க்ஷ', '௧'],
  // With the joiners these scripts write inside words (a half form, a Persian non-joiner).
  devanagari: ['ल', 'क्\u200dष्', 'मी', 'क्\u200cष', ' ', '२'],
  persian: ['ع', 'لی\u200cر', 'ضا', 'می\u200cخ', ' ', '۲'],
  emoji: ['😀', '💇‍♀️', '👍🏽', '🇮🇳', '𝒜', '\u2764\ufe0f', '👩🏽\u200d💼', '1\ufe0f\u20e3'],
};
const ALL_PIECES = Object.values(SCRIPTS).flat();
/** One UTF-16 unit each, to land exactly on a length when the next piece would overshoot. */
const FILLERS = ['x', 'க'];

/** What the contract (and the rules) count as blank. */
const BLANK_CHARACTERS = [' ', '\t', '\n', '\r', '\f'];
/**
 * Characters that look blank, or that trim() removes: no letter, so required text refuses them;
 * optional one-line text keeps those that are not controls.
 */
const LOOK_ALIKE_BLANKS = [
  '\u00a0',
  '\v',
  '\u3000',
  '\u0085',
  '\u2028',
  '\u200b',
  '\ufeff',
  '\u0000',
  '\u001f',
  '\u1680',
];

function fillUnits(units: number, pattern: readonly string[], filler: string): string {
  let text = '';
  for (let index = 0; text.length < units; index += 1) {
    const piece = pattern[index % pattern.length] ?? filler;
    text += text.length + piece.length <= units ? piece : filler;
  }
  return text;
}

/** Text of exactly the drawn number of UTF-16 units, in one script or a mix of all three. */
function textOfUnits(units: fc.Arbitrary<number>): fc.Arbitrary<string> {
  const pieces = fc
    .constantFrom(...Object.values(SCRIPTS), ALL_PIECES)
    .chain((script) => fc.array(fc.constantFrom(...script), { minLength: 1, maxLength: 12 }));
  return fc
    .tuple(units, pieces, fc.constantFrom(...FILLERS))
    .map(([count, pattern, filler]) => fillUnits(count, pattern, filler));
}

function lengthsUpTo(rule: FieldRule): fc.Arbitrary<number> {
  const shortest = rule.minLength ?? (rule.required ? 1 : 0);
  // Mostly short, like real enquiries, which also keeps the coverage report small.
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: shortest, max: Math.min(rule.maxLength, shortest + 40) }) },
    { weight: 1, arbitrary: fc.integer({ min: shortest, max: rule.maxLength }) },
  );
}

function edgeLengths(rule: FieldRule): number[] {
  const lower = rule.minLength ?? 1;
  return [lower - 1, lower, rule.maxLength - 1, rule.maxLength, rule.maxLength + 1].filter(
    (units) => units >= 0,
  );
}

const emailLocalPart = fc.stringMatching(/^[A-Za-z0-9_%+'-]{1,12}$/);

/** Whatever the pattern allows (punycode top-level domains too), within the local-part limit. */
const validEmail = fc
  .stringMatching(EMAIL_PATTERN)
  .filter((email) => EMAIL_LOCAL_PART_LIMIT.test(email) && email.length <= 254);
/** Either representation the contract stores: an Indian number's ten digits, or E.164 abroad. */
const storedPhone = fc.stringMatching(PHONE_PATTERN);
const tenDigits = fc.stringMatching(/^[0-9]{10}$/);
const e164Abroad = fc.stringMatching(/^\+([1-8][0-9]{7,14}|9[02-9][0-9]{6,13})$/);
/** Zones browsers name, and anything else of the shape. */
const timeZone = fc.oneof(
  fc.constantFrom('Asia/Kolkata', 'Asia/Calcutta', 'America/New_York', 'Europe/London', 'Africa/Lagos'),
  fc.constantFrom('America/Argentina/Buenos_Aires', 'America/Port-au-Prince', 'Etc/GMT+5', 'UTC'),
  fc.stringMatching(TIME_ZONE_PATTERN),
);
const zeroPadded = (n: number, width: number) => String(n).padStart(width, '0');

const FORMAT_BREAKERS = ['a', 'O', ' ', '-', '+', '\n', '٣', '௧', '０', 'é', '😀', ','];

function validValue(rule: FieldRule): fc.Arbitrary<string> {
  if (rule.oneOf) return fc.constantFrom(...rule.oneOf);
  if (rule.pattern === PHONE_PATTERN) return storedPhone;
  if (rule.pattern === TIME_ZONE_PATTERN) return timeZone;
  if (rule.pattern === EMAIL_PATTERN) return validEmail;
  if (rule.pattern === DATE_PATTERN) return fc.stringMatching(DATE_PATTERN);
  if (rule.pattern === TIME_PATTERN) return fc.stringMatching(TIME_PATTERN);
  if (rule.pattern) throw new Error(`No generator for the pattern ${rule.pattern}: add one here.`);
  const text = textOfUnits(lengthsUpTo(rule));
  return rule.required ? text.map(withLetter) : text;
}

/** A required value made only of punctuation and emoji gets a letter in place of its first character. */
function withLetter(text: string): string {
  if (hasLetterOrDigit(text)) return text;
  const first = String.fromCodePoint(text.codePointAt(0) ?? 0x78);
  return 'x'.repeat(first.length) + text.slice(first.length);
}

/** A valid value with one character that breaks a line or turns text around, somewhere in it. */
function withControlCharacter(rule: FieldRule): fc.Arbitrary<string> {
  const breakers = [
    ...ONE_LINE_BREAKERS.map(([, text]) => text.charAt(0)),
    '\u000b',
    '\u001f',
    '\u0080',
    '\u009f',
    '\u202b',
    '\u202d',
    '\u2066',
    '\u2068',
    '\u2069',
  ];
  return fc.tuple(validValue(rule), fc.nat(), fc.constantFrom(...breakers)).map(([text, at, breaker]) => {
    // Between whole code points, so no surrogate pair is split.
    const points = [...text];
    const index = at % (points.length + 1);
    return [...points.slice(0, index), breaker, ...points.slice(index)].join('');
  });
}

/**
 * Every character the contract calls hidden, among them the joiners that count only where a script
 * or an emoji uses them (the zero-width joiner and non-joiner, the emoji presentation selector), as
 * single code points: dropped anywhere in a value, each lands sometimes where it joins and mostly
 * where it does not.
 */
const HIDDEN_OR_NEAR = [
  ...new Set(
    [...HIDDEN_INSIDE_TEXT, ...BLANK_LOOKING_LETTERS].flatMap(([, text]) =>
      [...text].filter(
        (character) => !/[\p{L}\p{N} ]/u.test(character) || /[\u115f\u1160\u3164\uffa0]/u.test(character),
      ),
    ),
  ),
  '\u{e007f}',
  '\u{e0020}',
  '\u2064',
  '\u2061',
  '\u200c',
  '\u200d',
  '\ufe0f',
  '\ufe0e',
  '\u00ad',
  '\u034f',
  '\u17b4',
  '\u180b',
  '\u2800',
  '\u{e0100}',
];

/** A valid value with one hidden (or nearly hidden) character somewhere in it. */
function withHiddenCharacter(rule: FieldRule): fc.Arbitrary<string> {
  return fc
    .tuple(validValue(rule), fc.nat(), fc.constantFrom(...HIDDEN_OR_NEAR))
    .map(([text, at, hidden]) => {
      const points = [...text];
      const index = at % (points.length + 1);
      return [...points.slice(0, index), hidden, ...points.slice(index)].join('');
    });
}

/** Invisible or decorative characters only: required in name but no letter or digit. */
const noLetterOrDigit = fc
  .array(
    fc.constantFrom(
      ...NO_LETTER_OR_DIGIT.map(([, text]) => text.charAt(0)),
      ' ',
      '.',
      '-',
      "'",
      '\u200d',
      '😀',
      '💇‍♀️',
      '!',
    ),
    { minLength: 1, maxLength: 20 },
  )
  .map((parts) => parts.join(''));

function nearMissFormat(rule: FieldRule): fc.Arbitrary<string> {
  const replaceOne = (valid: fc.Arbitrary<string>) =>
    fc
      .tuple(valid, fc.nat(), fc.constantFrom(...FORMAT_BREAKERS))
      .map(
        ([text, at, breaker]) =>
          text.slice(0, at % text.length) + breaker + text.slice((at % text.length) + 1),
      );
  const insertOne = (valid: fc.Arbitrary<string>) =>
    fc
      .tuple(valid, fc.nat(), fc.constantFrom(...FORMAT_BREAKERS, '@', '.'))
      .map(
        ([text, at, breaker]) =>
          text.slice(0, at % (text.length + 1)) + breaker + text.slice(at % (text.length + 1)),
      );
  if (rule.pattern === PHONE_PATTERN) {
    return fc.oneof(
      fc.stringMatching(/^[0-9]{0,13}$/),
      replaceOne(tenDigits),
      insertOne(tenDigits),
      fc
        .tuple(fc.constantFrom('+91', '0', '91', '+91 ', '+', '00', '+0', '++'), tenDigits)
        .map(([prefix, digits]) => prefix + digits),
      replaceOne(e164Abroad),
      insertOne(e164Abroad),
      e164Abroad.map((number) => number.slice(1)),
      e164Abroad.map((number) => `+${number.slice(1, 3)} ${number.slice(3)}`),
    );
  }
  if (rule.pattern === TIME_ZONE_PATTERN) {
    return fc.oneof(
      replaceOne(timeZone),
      insertOne(timeZone),
      timeZone.map((zone) => zone.replace('/', '.')),
      timeZone.map((zone) => `/${zone}`),
      timeZone.map((zone) => `${zone} `),
      fc.constantFrom('1America/New_York', '_UTC', '-UTC', 'Ásia/Kolkata', 'UTC+05:30', 'Asia/Kolkata\n'),
    );
  }
  if (rule.pattern === EMAIL_PATTERN) {
    const dropTopLevel = validEmail.map((email) => email.slice(0, email.lastIndexOf('.')));
    const shortTopLevel = validEmail.map((email) => email.replace(/\.[A-Za-z0-9-]+$/, '.c'));
    const digitInTopLevel = validEmail.map((email) => `${email}9`);
    const trailingDot = validEmail.map((email) => `${email}.`);
    const doubleAt = validEmail.map((email) => email.replace('@', '@@'));
    const noAt = validEmail.map((email) => email.replace('@', ''));
    const dotAtEdgeOfLocalPart = validEmail.map((email) =>
      email.length % 2 ? `.${email}` : email.replace('@', '.@'),
    );
    const doubledDot = validEmail.map((email) => email.replace('.', '..'));
    const hyphenAtEdgeOfLabel = fc
      .tuple(validEmail, fc.boolean())
      .map(([email, start]) => email.replace(/@([^.]+)\./, start ? '@-$1.' : '@$1-.'));
    const localPartAroundLimit = fc
      .tuple(fc.integer({ min: 60, max: 70 }), emailLocalPart)
      .map(([units, local]) => fillUnits(units, [...local], 'x') + '@ramanhair.in');
    const labelAroundLimit = fc.integer({ min: 61, max: 66 }).map((units) => `priya@${'r'.repeat(units)}.in`);
    const punycodeTopLevel = fc
      .constantFrom('xn--', 'xn--h2brj9c', 'xn--h2brj9c-', 'xn-h2brj9c', 'XN--H2BRJ9C', 'xn--9', 'xn---x')
      .map((topLevel) => `priya@ramanhair.${topLevel}`);
    return fc.oneof(
      dropTopLevel,
      shortTopLevel,
      digitInTopLevel,
      trailingDot,
      doubleAt,
      noAt,
      dotAtEdgeOfLocalPart,
      doubledDot,
      hyphenAtEdgeOfLabel,
      localPartAroundLimit,
      labelAroundLimit,
      punycodeTopLevel,
      replaceOne(validEmail),
      insertOne(validEmail),
    );
  }
  if (rule.pattern === DATE_PATTERN) {
    return fc
      .record({
        day: fc.integer({ min: 0, max: 39 }),
        month: fc.integer({ min: 0, max: 19 }),
        year: fc.integer({ min: 0, max: 99_999 }),
        width: fc.constantFrom(1, 2, 2, 2, 3),
        yearWidth: fc.constantFrom(2, 4, 4, 4, 5),
        separator: fc.constantFrom('-', '-', '-', '/', '.'),
      })
      .map(({ day, month, year, width, yearWidth, separator }) =>
        [zeroPadded(day, width), zeroPadded(month, width), zeroPadded(year, yearWidth)].join(separator),
      );
  }
  if (rule.pattern === TIME_PATTERN) {
    return fc
      .record({
        hour: fc.integer({ min: 0, max: 29 }),
        minute: fc.integer({ min: 0, max: 69 }),
        second: fc.integer({ min: 0, max: 69 }),
        width: fc.constantFrom(1, 2, 2, 2, 3),
        separator: fc.constantFrom(':', ':', ':', '.', '-'),
        suffix: fc.constantFrom('', '', '', '.000', ' ', 'Z', '\n'),
      })
      .map(
        ({ hour, minute, second, width, separator, suffix }) =>
          [zeroPadded(hour, width), zeroPadded(minute, width), zeroPadded(second, width)].join(separator) +
          suffix,
      );
  }
  throw new Error(`No near misses for the pattern ${String(rule.pattern)}: add them here.`);
}

function lengthEdge(rule: FieldRule): fc.Arbitrary<string> {
  if (rule.pattern === PHONE_PATTERN)
    return fc.oneof(fc.stringMatching(/^[0-9]{9,11}$/), fc.stringMatching(/^\+[1-8][0-9]{6,15}$/));
  if (rule.pattern === TIME_ZONE_PATTERN)
    return fc.integer({ min: 63, max: 66 }).map((units) => `A${'b'.repeat(units - 1)}`);
  if (rule.pattern === EMAIL_PATTERN) {
    return fc
      .tuple(fc.constantFrom(rule.maxLength - 1, rule.maxLength, rule.maxLength + 1), emailLocalPart)
      .map(([units, local]) => emailOfUnits(units, local));
  }
  if (rule.pattern) {
    return fc
      .tuple(validValue(rule), fc.boolean(), fc.constantFrom('0', '9', ' '))
      .map(([text, longer, extra]) => (longer ? text + extra : text.slice(0, -1)));
  }
  return textOfUnits(fc.constantFrom(...edgeLengths(rule)));
}

function notAnOption(options: readonly string[]): fc.Arbitrary<string> {
  const option = fc.constantFrom(...options);
  return fc.oneof(
    option.map((text) => text.toLowerCase()),
    option.map((text) => text.toUpperCase()),
    option.map((text) => `${text} `),
    option.map((text) => `\t${text}`),
    option.map((text) => text.slice(0, -1)),
    fc.constantFrom('Homepage', 'Enquirypage', 'I am a Wholesaler', 'Others', 'Bulk', 'home', ''),
    fc.string({ maxLength: 31 }),
  );
}

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.record({ text: fc.string({ maxLength: 10 }) }),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
  fc.integer({ min: 0, max: 4_102_444_800_000 }).map((millis) => Timestamp.fromMillis(millis)),
  fc.constant(null).map(() => serverTimestamp()),
);

/** Wrong types a list's element may hold: Firestore takes no server time inside a list, nor a list in a list. */
const wrongTypeInList: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.record({ text: fc.string({ maxLength: 10 }) }),
  fc.integer({ min: 0, max: 4_102_444_800_000 }).map((millis) => Timestamp.fromMillis(millis)),
);
/** Wrong types a part of a line (a map in a list) may hold: a list too, but still no server time. */
const wrongTypeInLine: fc.Arbitrary<unknown> = fc.oneof(
  wrongTypeInList,
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
);

const blank = fc
  .array(fc.constantFrom(...BLANK_CHARACTERS), { maxLength: 15 })
  .map((parts) => parts.join(''));
const lookAlikeBlank = fc
  .tuple(blank, fc.constantFrom(...LOOK_ALIKE_BLANKS), blank)
  .map(([before, lookAlike, after]) => before + lookAlike + after);

/** The ways one field's value can be changed, each with its kind. */
function changesOf(rule: FieldRule): [ChangeKind, fc.Arbitrary<unknown>][] {
  const kinds: [ChangeKind, fc.Arbitrary<unknown>][] = [
    ['blank', blank],
    ['look-alike blank', lookAlikeBlank],
    ['wrong type', wrongType],
  ];
  if (rule.oneOf) kinds.push(['not an option', notAnOption(rule.oneOf)]);
  else kinds.push(['length edge', lengthEdge(rule)]);
  if (rule.pattern) kinds.push(['near-miss format', nearMissFormat(rule)]);
  if (rule.oneLine) kinds.push(['control character', withControlCharacter(rule)]);
  if (rule.required && !rule.pattern && !rule.oneOf) kinds.push(['no letter or digit', noLetterOrDigit]);
  if (!rule.pattern && !rule.oneOf) kinds.push(['hidden character', withHiddenCharacter(rule)]);
  return kinds;
}

/**
 * One changed field: the kind of change first, each kind as likely as the others, then a field it
 * applies to. (Choosing the field first would make a kind only one field has, such as a control
 * character in the popup's name, rare enough to be missed by a run.)
 */
function changedField(
  rules: [string, FieldRule][],
): fc.Arbitrary<{ field: string; kind: ChangeKind; value: unknown }> {
  const byKind = new Map<ChangeKind, fc.Arbitrary<{ field: string; kind: ChangeKind; value: unknown }>[]>();
  for (const [field, rule] of rules)
    for (const [kind, value] of changesOf(rule))
      byKind.set(kind, [
        ...(byKind.get(kind) ?? []),
        value.map((changed) => ({ field, kind, value: changed })),
      ]);
  return fc.oneof(...[...byKind.values()].map((fields) => fc.oneof(...fields)));
}

/** Field names an attacker might add: look-alikes of real ones, the other form's, delivery state. */
function extraKey(allowed: ReadonlySet<string>): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom('status', 'delivery', 'Name', 'name ', 'createdat', 'formPage', 'business', 'formpage'),
      fc.constantFrom('companyname', 'message', 'uid', 'admin', 'ip'),
      fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,15}$/),
    )
    .filter((key) => !allowed.has(key));
}

/** A line as the form builds it: any product and unit, a short length (often none), a whole quantity. */
const requestLine = fc.record({
  product: fc.constantFrom(...REQUEST_LINE_PRODUCTS),
  length: fc.oneof(
    fc.constantFrom('', '22 in', '10–18 inch', '14/16/18', '28 inch, mixed', '22" (55 cm)'),
    fc.stringMatching(LINE_LENGTH_PATTERN),
  ),
  quantity: fc.oneof(
    fc.integer({ min: MIN_QUANTITY, max: 100 }),
    fc.integer({ min: MIN_QUANTITY, max: MAX_QUANTITY }),
  ),
  unit: fc.constantFrom(...REQUEST_LINE_UNITS),
  samples: fc.boolean(),
});
/** A line that asks for the price list: its product, a length and samples, no quantity or unit. */
const priceListLine = requestLine.map(({ product, length, samples }) => ({ product, length, samples }));
const requestLines = fc.array(fc.oneof(requestLine, priceListLine), {
  minLength: 0,
  maxLength: MAX_REQUEST_LINES,
});

/** One line changed at its edges, by kind: the list's other lines stay as the form builds them. */
const brokenLine: fc.Arbitrary<{ kind: ChangeKind; line: unknown }> = fc.oneof(
  requestLine.chain((line) =>
    fc.oneof(
      fc
        .constantFrom(MIN_QUANTITY - 1, MIN_QUANTITY, MAX_QUANTITY, MAX_QUANTITY + 1, -1)
        .map((quantity) => ({ kind: 'length edge' as const, line: { ...line, quantity } })),
      fc.constantFrom(MAX_LINE_LENGTH_TEXT, MAX_LINE_LENGTH_TEXT + 1).map((units) => ({
        kind: 'length edge' as const,
        line: { ...line, length: '2'.repeat(units) },
      })),
      // Other scripts, emoji and marks a length does not take.
      textOfUnits(fc.integer({ min: 1, max: MAX_LINE_LENGTH_TEXT })).map((length) => ({
        kind: 'near-miss format' as const,
        line: { ...line, length },
      })),
      fc
        .oneof(
          fc.double({ min: 0, max: MAX_QUANTITY + 2 }).map((quantity) => ({ ...line, quantity })),
          fc.constantFrom('8', null, true).map((quantity) => ({ ...line, quantity })),
          wrongTypeInLine.map((samples) => ({ ...line, samples })),
          wrongTypeInLine.map((length) => ({ ...line, length })),
          wrongTypeInLine.map((product) => ({ ...line, product })),
          wrongTypeInList,
        )
        .map((changed) => ({ kind: 'wrong type' as const, line: changed })),
      fc
        .oneof(
          notAnOption(REQUEST_LINE_PRODUCTS).map((product) => ({ ...line, product })),
          notAnOption(REQUEST_LINE_UNITS).map((unit) => ({ ...line, unit })),
        )
        .map((changed) => ({ kind: 'not an option' as const, line: changed })),
      fc.constantFrom(...REQUEST_LINE_KEYS).map((key) => ({
        kind: 'missing key' as const,
        line: Object.fromEntries(Object.entries(line).filter(([name]) => name !== key)),
      })),
      fc
        .constantFrom('price', 'Product', 'note', 'qty')
        .map((key) => ({ kind: 'extra key' as const, line: { ...line, [key]: 1 } })),
      withControlCharacter({
        label: 'Length',
        required: false,
        maxLength: MAX_LINE_LENGTH_TEXT,
        oneLine: true,
      })
        .filter((length) => length.length <= MAX_LINE_LENGTH_TEXT)
        .map((length) => ({ kind: 'control character' as const, line: { ...line, length } })),
      withHiddenCharacter({ label: 'Length', required: false, maxLength: MAX_LINE_LENGTH_TEXT - 2 }).map(
        (length) => ({ kind: 'hidden character' as const, line: { ...line, length } }),
      ),
    ),
  ),
);

/** Lines with one of them broken somewhere, or one line too many. */
const brokenLines: fc.Arbitrary<{ kind: ChangeKind; value: unknown }> = fc.oneof(
  fc
    .tuple(requestLines, fc.nat(), brokenLine)
    .filter(([lines]) => lines.length < MAX_REQUEST_LINES)
    .map(([lines, at, { kind, line }]) => {
      const index = at % (lines.length + 1);
      return { kind, value: [...lines.slice(0, index), line, ...lines.slice(index)] };
    }),
  fc
    .array(requestLine, { minLength: MAX_REQUEST_LINES + 1, maxLength: MAX_REQUEST_LINES + 2 })
    .map((lines) => ({ kind: 'length edge' as const, value: lines })),
  wrongType.map((value) => ({ kind: 'wrong type' as const, value })),
);

/** A visit's first touch as the browser records it: each part in its characters, often empty. */
const leadSource = fc.record(
  Object.fromEntries(
    LEAD_SOURCE_KEYS.map((key) => [
      key,
      fc.oneof(fc.constant(''), fc.stringMatching(LEAD_SOURCE_PATTERNS[key])),
    ]),
  ) as Record<(typeof LEAD_SOURCE_KEYS)[number], fc.Arbitrary<string>>,
);
const LEAD_SOURCE_LIMITS = { landing: 200, referrer: 253, utmSource: 100, utmMedium: 100, utmCampaign: 100 };

/** A source changed at one of its edges, by kind. */
const brokenLeadSource: fc.Arbitrary<{ kind: ChangeKind; value: unknown }> = fc.oneof(
  fc.tuple(leadSource, fc.constantFrom(...LEAD_SOURCE_KEYS), fc.boolean()).map(([source, key, over]) => ({
    kind: 'length edge' as const,
    value: { ...source, [key]: 'a'.repeat(LEAD_SOURCE_LIMITS[key] + (over ? 1 : 0)) },
  })),
  fc
    .tuple(
      leadSource,
      fc.constantFrom(...LEAD_SOURCE_KEYS),
      fc.constantFrom('?', '<', '\n', 'A', '/', ':', '|', '\u200b', 'é', '😀'),
    )
    .map(([source, key, character]) => ({
      kind: 'near-miss format' as const,
      value: { ...source, [key]: `${source[key]}${character}` },
    })),
  fc.tuple(leadSource, fc.constantFrom(...LEAD_SOURCE_KEYS), wrongType).map(([source, key, value]) => ({
    kind: 'wrong type' as const,
    value: { ...source, [key]: value },
  })),
  fc.tuple(leadSource, fc.constantFrom(...LEAD_SOURCE_KEYS)).map(([source, key]) => ({
    kind: 'missing key' as const,
    value: Object.fromEntries(Object.entries(source).filter(([name]) => name !== key)),
  })),
  fc.tuple(leadSource, fc.constantFrom('gclid', 'fbclid', 'utmTerm', 'Landing')).map(([source, key]) => ({
    kind: 'extra key' as const,
    value: { ...source, [key]: 'x' },
  })),
  wrongType.map((value) => ({ kind: 'wrong type' as const, value })),
);

/** Mostly one or two changes from a valid document, sometimes none, sometimes a key added or lost. */
export function enquiryDocument(target: EnquiryCollection): fc.Arbitrary<FuzzedDocument> {
  const rules = Object.entries(FIELDS_BY_COLLECTION[target]);
  const keys = [...rules.map(([field]) => field), SERVER_TIMESTAMP_FIELD];
  const valid = fc.record(Object.fromEntries(rules.map(([field, rule]) => [field, validValue(rule)])));
  const change = changedField(rules);
  const changes = fc.oneof(
    { weight: 4, arbitrary: fc.constant([]) },
    { weight: 5, arbitrary: fc.array(change, { minLength: 1, maxLength: 3 }) },
  );
  const missing = fc.oneof(
    { weight: 7, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(...keys) },
  );
  const extra = fc.oneof(
    { weight: 7, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.tuple(extraKey(new Set(keys)), fc.oneof(fc.string({ maxLength: 20 }), fc.integer())),
    },
  );
  // The full form's lines: mostly left out (as every document before them), else kept or broken.
  const lines =
    REQUEST_LINES_FIELD in STRUCTURED_FIELDS_BY_COLLECTION[target]
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constant(null) },
          { weight: 2, arbitrary: requestLines.map((value) => ({ kind: null, value })) },
          { weight: 1, arbitrary: brokenLines },
        )
      : fc.constant(null);
  // Both forms' source: mostly left out (as every document before it), else kept or broken.
  const source = fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: leadSource.map((value) => ({ kind: null, value })) },
    { weight: 1, arbitrary: brokenLeadSource },
  );
  return fc
    .tuple(valid, changes, missing, extra, lines, source)
    .map(([fields, changed, missingKey, added, chosen, from]) => {
      const data = new Map<string, unknown>([
        ...Object.entries(fields),
        [SERVER_TIMESTAMP_FIELD, serverTimestamp()],
      ]);
      const applied: FuzzedDocument['changes'] = [];
      if (chosen) {
        data.set(REQUEST_LINES_FIELD, chosen.value);
        if (chosen.kind) applied.push({ field: REQUEST_LINES_FIELD, kind: chosen.kind });
      }
      if (from) {
        data.set(LEAD_SOURCE_FIELD, from.value);
        if (from.kind) applied.push({ field: LEAD_SOURCE_FIELD, kind: from.kind });
      }
      for (const { field, kind, value } of changed) {
        data.set(field, value);
        applied.push({ field, kind });
      }
      if (missingKey) {
        data.delete(missingKey);
        applied.push({ field: missingKey, kind: 'missing key' });
      }
      if (added) {
        data.set(added[0], added[1]);
        applied.push({ field: added[0], kind: 'extra key' });
      }
      return { data: Object.fromEntries(data), changes: applied };
    });
}
