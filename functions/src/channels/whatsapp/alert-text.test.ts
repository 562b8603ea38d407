import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
  type EnquiryCollection,
} from '../../contract/collections';
import type { StoredEnquiry } from '../../contract/stored-enquiry';
import { enquiryAlertParameters } from './alert-text';

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
