/**
 * What a buyer asked a quote for reaches the sales team first: a table at the top of the sales
 * email, and the first product in the WhatsApp alert, cleaned like any visitor text.
 */
import { describe, expect, it } from 'vitest';
import { buildEnquiryPayload } from '../contract/enquiry/enquiry';
import { ENQUIRY_COLLECTION } from '../contract/enquiry/collections';
import type { StoredEnquiry } from '../contract/enquiry/stored-enquiry';
import { PRICE_LIST_TEXT, type RequestLineInput } from '../contract/enquiry/request-lines';
import { exportColumns } from '../contract/enquiry/enquiry-columns';
import { composeSalesEmail } from './mail/enquiry-emails';
import type { MailSettings } from './mail/message';
import { enquiryAlertParameters } from './whatsapp/alert-text';
import { PRIYA } from '../../../tests/support/delivery-fixtures';

const settings: MailSettings = {
  salesRecipients: ['sales@example.com'],
  from: 'SME Hair website <enquiries@sme-hair.example>',
  acknowledgeVisitor: false,
};

const LINES: RequestLineInput[] = [
  { product: 'machine-weft', length: '22 in', quantity: '8', unit: 'kg', samples: false },
  { product: 'i-tip-extensions', length: '', quantity: '1,000', unit: 'pieces', samples: true },
  { product: 'hand-tied-weft', length: '18"', quantity: '20', unit: 'bundles', samples: false },
];

function enquiryWith(lines: RequestLineInput[], data: Record<string, unknown> = {}): StoredEnquiry {
  const payload = buildEnquiryPayload(
    { ...PRIYA, message: 'Please quote the lines above.', lines },
    'Enquirypage',
    new Date(2026, 10, 27, 9, 0, 0),
  );
  return {
    collection: ENQUIRY_COLLECTION,
    id: 'AbCdEfGhIjKlMnOpQrSt',
    data: { ...payload, ...data },
    receivedAt: null,
  };
}

describe('request lines in the sales email', () => {
  it('come first, as a table, in the HTML part and the text part', () => {
    const mail = composeSalesEmail(enquiryWith(LINES), settings);
    const html = mail.html;
    const table = html.indexOf('Asked a quote for');
    expect(table).toBeGreaterThan(0);
    expect(table).toBeLessThan(html.indexOf('>Name</th>'));
    for (const cell of [
      'Machine Weft',
      '22 in',
      '8 kg',
      'I-Tip Extensions',
      '1,000 pieces',
      'Hand-Tied Weft',
      '18&quot;',
    ])
      expect(html).toContain(`>${cell}</td>`);
    expect(html.match(/<tr><td/g)).toHaveLength(3);
    expect(mail.text).toContain(
      [
        'Asked a quote for:',
        '- Machine Weft 22 in, 8 kg',
        '- I-Tip Extensions, 1,000 pieces, samples first',
        '- Hand-Tied Weft 18", 20 bundles',
      ].join('\n'),
    );
    expect(mail.text.indexOf('Asked a quote for:')).toBeLessThan(mail.text.indexOf('Name:'));
  });

  it('are left out for an enquiry without lines, as every enquiry before them', () => {
    const mail = composeSalesEmail(enquiryWith([]), settings);
    expect(mail.html).not.toContain('Asked a quote for');
    expect(mail.text).not.toContain('Asked a quote for');
  });

  it('show no line a stored document should not hold', () => {
    const mail = composeSalesEmail(
      enquiryWith([], {
        lines: [{ product: '<script>', length: '', quantity: 1, unit: 'kg', samples: false }],
      }),
      settings,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('Asked a quote for');
  });
});

/** A quote button's line sent as it came: its product, no quantity. */
const PRICE_LIST: RequestLineInput = {
  product: 'machine-weft',
  length: '',
  quantity: '',
  unit: 'kg',
  samples: false,
};

describe('a line without a quantity, which asks for the price list', () => {
  it('reads "price list" in the sales email, the alert and the CSV', () => {
    const enquiry = enquiryWith([PRICE_LIST, LINES[1] as RequestLineInput]);
    const mail = composeSalesEmail(enquiry, settings);
    expect(mail.html).toContain(`>${PRICE_LIST_TEXT}</td>`);
    expect(mail.text).toContain(
      [
        'Asked a quote for:',
        `- Machine Weft, ${PRICE_LIST_TEXT}`,
        '- I-Tip Extensions, 1,000 pieces, samples first',
      ].join('\n'),
    );
    expect(enquiryAlertParameters(enquiry, 'https://sme-hair.in')[2]).toBe(
      `Bulk · Machine Weft, ${PRICE_LIST_TEXT}, +1 more`,
    );
    const asked = exportColumns(ENQUIRY_COLLECTION).find((column) => column.header === 'Asked a quote for');
    expect(asked?.value(enquiry)).toBe(
      `Machine Weft, ${PRICE_LIST_TEXT}; I-Tip Extensions, 1,000 pieces, samples first`,
    );
  });
});

describe('request lines in the WhatsApp alert', () => {
  it('name the first product, its length and quantity, and how many more', () => {
    const parameters = enquiryAlertParameters(enquiryWith(LINES), 'https://sme-hair.in');
    expect(parameters[2]).toBe('Bulk · Machine Weft 22 in, 8 kg, +2 more');
  });

  it('say the order type alone without lines', () => {
    expect(enquiryAlertParameters(enquiryWith([]), 'https://sme-hair.in')[2]).toBe('Bulk');
  });

  it('clean the order type as before, and cut a long one to what a phone shows whole', () => {
    const parameters = enquiryAlertParameters(
      enquiryWith(LINES.slice(0, 1), {
        ordertype: '*Bulk* order for wa.me/919999900000 and our many shops in Lagos',
      }),
      'https://sme-hair.in',
    );
    expect(parameters[2]).not.toMatch(/[*_~`]|wa\.me|9999900000/);
    expect([...(parameters[2] ?? '')].length).toBeLessThanOrEqual(60);
  });
});

describe('where the buyer came from, in the sales email', () => {
  it('says the label and each part the visit had, and nothing for an enquiry without it', () => {
    const source = {
      landing: '/home',
      referrer: 'www.instagram.com',
      utmSource: 'expo',
      utmMedium: '',
      utmCampaign: 'dubai-hair-expo',
    };
    const mail = composeSalesEmail(enquiryWith([], { source }), settings);
    for (const line of [
      'Came from: dubai-hair-expo',
      'Landed on: /home',
      'Referrer: www.instagram.com',
      'utm_source: expo',
      'utm_campaign: dubai-hair-expo',
    ])
      expect(mail.text).toContain(line);
    expect(mail.text).not.toContain('utm_medium');
    expect(mail.html).toContain('>Came from</th>');
    expect(composeSalesEmail(enquiryWith([]), settings).text).not.toContain('Came from');
  });
});
