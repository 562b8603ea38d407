import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
  type EnquiryCollection,
} from '../../contract/enquiry/collections';
import type { StoredEnquiry } from '../../contract/enquiry/stored-enquiry';
import { cleanParameter, enquiryAlertParameters } from './alert-text';

const SITE = 'https://sme-hair.in';

function enquiry(
  fields: Record<string, string>,
  collection: EnquiryCollection = ENQUIRY_COLLECTION,
): StoredEnquiry {
  return {
    collection,
    id: 'AbCdEfGhIjKlMnOpQrSt',
    data: {
      name: 'Priya Raman',
      phone: '9876543210',
      email: 'priya@example.com',
      city: 'Chennai',
      ordertype: 'Bulk',
      ...fields,
    },
    receivedAt: null,
  };
}

/** The alert as the phone shows it, with the template's own words around the parameters. */
const alertText = (parameters: string[]) =>
  `New ${parameters[0]} from ${parameters[1]} (${parameters[2]}), ${parameters[3]}. Phone: ${parameters[4]}. Open it in the sales inbox: ${parameters[5]}`;

describe("the WhatsApp alert's parameters", () => {
  it('cannot pass for the template: no second phone number, no second link, no formatting', () => {
    const parameters = enquiryAlertParameters(
      enquiry({
        name: 'X (bulk), Mumbai. Phone: +91 99999 00000. Open: https://e.vil',
        ordertype: '*URGENT* wa.me/919999900000',
        city: '_Pune_ ~see~ `www.evil.example/pay` evil.com',
      }),
      SITE,
    );
    const text = alertText(parameters);
    console.info(`the alert reads: ${text}`);
    // One phone number (the buyer's own, from the contract) and one link (the inbox's).
    expect(text.match(/\d(?:[\s().-]?\d){6,}/g)).toEqual(['91 98765 43210']);
    expect(text.match(/https?:\/\/|www\.|wa\.me|\.com\b|e\.vil/g)).toEqual(['https://']);
    expect(parameters[4]).toBe('+91 98765 43210');
    expect(parameters.slice(1, 4).join(' ')).not.toMatch(/[*_~`]/);
    expect(parameters.slice(1, 4)).toEqual([
      'X (bulk), Mumbai. Phone: . Open:',
      'URGENT',
      'Pune see evil. com',
    ]);
  });

  it('keep initials, quantities and a PIN code as they are, and give a dotted word its space', () => {
    const parameters = enquiryAlertParameters(
      enquiry({ name: "Dr. A.P.J. D'Souza", ordertype: '20 kg, 18 inch', city: 'S.Pura 641001' }),
      SITE,
    );
    expect(parameters.slice(1, 4)).toEqual(["Dr. A.P.J. D'Souza", '20 kg, 18 inch', 'S. Pura 641001']);
  });

  it('are cut between whole characters: an emoji sequence is kept whole or left out', () => {
    const family = '👨\u200d👩\u200d👧';
    const [, name, , city] = enquiryAlertParameters(
      enquiry({ name: `${'A'.repeat(57)}${family}`, city: `${'C'.repeat(50)}${family}` }),
      SITE,
    );
    expect(name).toBe(`${'A'.repeat(57)}…`);
    expect(city).toBe(`${'C'.repeat(50)}${family}`);
  });

  it('show nothing hidden a document may still hold, and keep the joiners a name needs', () => {
    const smuggled = [...'IGNORE ALL']
      .map((character) => String.fromCodePoint(0xe0100 + (character.codePointAt(0) ?? 0) - 0x20))
      .join('');
    const [, name, business] = enquiryAlertParameters(
      enquiry(
        { name: `Ravi\u00ad\u034f\u2800${smuggled}\ufe0f${'\u200c'.repeat(60)}`, business: 'लक्\u200dष्मी' },
        POPUP_ENQUIRY_COLLECTION,
      ),
      SITE,
    );
    expect(name).toBe('Ravi');
    expect(business).toBe('लक्\u200dष्मी');
  });
});

/**
 * What a phone dials across between two digits: spaces of every kind, dashes, the minus sign,
 * dots, brackets, slashes, a plus, WhatsApp's formatting marks, and characters that show nothing.
 * A comma or a letter ends a number.
 */
const DIALLED_ACROSS =
  /[\s\p{Pd}\p{Ps}\p{Pe}\u2212.\u3002\uff0e\uff61/\\+*_~`\p{Default_Ignorable_Code_Point}]/gu;
/** A number a phone would offer to call: seven digits or more of any script, once those are gone. */
const DIALLABLE = /\p{Nd}{7,}/u;
/** A scheme a phone opens: any with `//`, or an app's own. */
const SCHEME =
  /[a-z][a-z0-9+.-]*:[/\\]{2}|\b(?:tel|sms|smsto|mailto|whatsapp|intent|javascript|data|geo|market):\S/iu;
/** A host a phone links: a dot straight before a word of two letters or more (`evil.com`). */
const HOST = /[.\u3002\uff0e\uff61]\p{L}\p{M}*\p{L}/u;
const IP_ADDRESS = /\p{Nd}{1,3}(?:[.\u3002\uff0e\uff61]\p{Nd}{1,3}){3}/u;

/** What a phone makes of a parameter: each way it could dial or link, as text for the report. */
function dialsOrLinks(parameter: string): string[] {
  const found: string[] = [];
  // As shown, and with lookalikes folded (①, 𝟗, ｗａ): all but the cut's ellipsis, which no phone reads as dots.
  const folded = parameter
    .split('…')
    .map((part) => part.normalize('NFKC'))
    .join('…');
  for (const seen of [parameter, folded]) {
    if (DIALLABLE.test(seen.replace(DIALLED_ACROSS, ''))) found.push('a number');
    if (SCHEME.test(seen)) found.push('a scheme');
    if (/wa\.me/iu.test(seen)) found.push('wa.me');
    if (HOST.test(seen)) found.push('a host');
    if (IP_ADDRESS.test(seen)) found.push('an IP address');
  }
  return found;
}

/** Digits as a stranger may write them: ASCII, fullwidth, Indian scripts', Arabic, mathematical, circled, superscript. */
const DIGITS = [
  ...'0123456789',
  ...'０１２３４５６７８９',
  ...'०१२३४५६७८९',
  ...'൦൧൨൩൪൫൬൭൮൯',
  ...'௦௧௨௩௪௫௬௭௮௯',
  ...'٠١٢٣٤٥٦٧٨٩',
  ...'𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗',
  ...'①②③④⑤⑥⑦⑧⑨',
  ...'¹²³⁴⁵⁶⁷⁸⁹',
];
/** What people and strangers put between digits and inside links. */
const SEPARATORS = [
  ...' -.()/+*_~`',
  '\u00a0',
  '\u2009',
  '\u3000',
  '\u2013',
  '\u2014',
  '\u2212',
  '\u3002',
  '\uff0e',
  '\uff0d',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u00ad',
  '\u2060',
  '\t',
  '\n',
  '[',
  ']',
  '\\',
  ', ',
];
/** Pieces of links, hosts and addresses, plain and in lookalike forms. */
const LINK_PARTS = [
  'http',
  'https',
  'HTTP',
  'ftp',
  'whatsapp',
  'tel',
  'mailto',
  'javascript',
  ':',
  '//',
  ':\\\\',
  'www',
  'wa',
  'me',
  'wa.me',
  'ｗａ．ｍｅ',
  'ｈｔｔｐ',
  '：／／',
  'evil',
  'com',
  'in',
  'рф',
  'xn--p1ai',
  '1.2.3.4',
  '192.168.0.1',
  '@',
  '…',
];
/** Text a buyer writes, which must still read well. */
const WORDS = ['Ravi', 'Machine Weft', '22 in', '8 kg', 'Bulk', 'കൊച്ചി', 'अवन्', 'Dr.', 'A.P.J.', '👩🏽‍💼'];

const adversarialText = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...DIGITS) },
      { weight: 3, arbitrary: fc.constantFrom(...SEPARATORS) },
      { weight: 2, arbitrary: fc.constantFrom(...LINK_PARTS) },
      { weight: 1, arbitrary: fc.constantFrom(...WORDS) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
    ),
    { maxLength: 40 },
  )
  .map((pieces) => pieces.join(''));

/** A property run takes about a second alone and several beside other suites on a busy machine. */
const PROPERTY_TIMEOUT_MS = 30_000;

describe('a cleaned alert parameter', () => {
  it(
    'cannot dial or link, stays one short line, and cleaning it again changes nothing',
    { timeout: PROPERTY_TIMEOUT_MS },
    () => {
      fc.assert(
        fc.property(adversarialText, (text) => {
          const parameter = cleanParameter(text);
          expect(
            dialsOrLinks(parameter),
            `${JSON.stringify(text)} gave ${JSON.stringify(parameter)}`,
          ).toEqual([]);
          expect(parameter).not.toMatch(/[\r\n\t]/);
          expect([...parameter].length).toBeLessThanOrEqual(60);
          expect(cleanParameter(parameter)).toBe(parameter);
        }),
        { numRuns: 2_000 },
      );
    },
  );

  it('loses a number or a link that formatting marks split', () => {
    for (const hidden of ['Ravi 98765*43210', 'http*://1.2.3.4/x', 'w_a.m_e/919876543210', '9_8_7_6_5_4_3'])
      expect(dialsOrLinks(cleanParameter(hidden)), hidden).toEqual([]);
    expect(cleanParameter('Ravi 98765*43210')).toBe('Ravi');
    expect(cleanParameter('Bulk http*://1.2.3.4/x')).toBe('Bulk');
    expect(cleanParameter('see 1.2.3.4 now')).toBe('see now');
  });

  it('keeps what a buyer writes readable', () => {
    for (const text of [
      'Ravi Kumar',
      'Sri Murugan Hair Exports Pvt. Ltd.',
      'Bulk · Machine Weft 22 in, 8 kg, +2 more',
      'I-Tip Extensions, 1,000 pieces, samples first',
      'Hand-Tied Weft 18", 20 bundles',
      'Coimbatore 641001',
      'ലക്ഷ്മി',
      'लक्\u200dष्मी',
    ])
      expect(cleanParameter(text)).toBe(text);
  });
});
