/**
 * The sales email for numbers and zones the rules' shapes let through but no country has: the
 * number is there to read, marked as not valid, with nothing to tap; an unknown zone is not printed.
 */
import { describe, expect, it } from 'vitest';
import { buildEnquiryPayload } from '../../contract/enquiry/enquiry';
import { ENQUIRY_COLLECTION } from '../../contract/enquiry/collections';
import type { StoredEnquiry } from '../../contract/enquiry/stored-enquiry';
import { PRIYA } from '../../../../tests/support/delivery-fixtures';
import { composeSalesEmail } from './enquiry-emails';
import type { MailSettings } from './message';

const settings: MailSettings = {
  salesRecipients: ['sales@example.com'],
  from: 'SME Hair website <enquiries@sme-hair.example>',
  acknowledgeVisitor: false,
};

function enquiry(overrides: Record<string, string>): StoredEnquiry {
  const payload = buildEnquiryPayload(PRIYA, 'Enquirypage', new Date(2026, 0, 15, 10, 4, 9));
  return {
    collection: ENQUIRY_COLLECTION,
    id: 'enq123',
    data: { ...payload, ...overrides },
    receivedAt: new Date(Date.UTC(2026, 0, 15, 4, 34, 10)),
  };
}

describe('the sales email for a number its country does not have', () => {
  it.each([
    ['0000000000', 'not a valid number for India'],
    ['+112345678901234', 'not a valid number for the United States'],
    ['+999123456789', 'not a valid phone number'],
  ])('shows %s as text, says it is %s, and offers no call or WhatsApp', (phone, note) => {
    const mail = composeSalesEmail(enquiry({ phone }), settings);
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toMatch(/tel:|wa\.me/);
      expect(part).toContain(`${phone} (${note})`);
    }
    expect(mail.html).not.toContain('>Call ');
    expect(mail.text).not.toMatch(/^(Call|WhatsApp):/m);
    // Replying by email still works.
    expect(mail.html).toContain('href="mailto:priya@example.com');
  });

  it('still offers both for a valid number', () => {
    const mail = composeSalesEmail(enquiry({ phone: '9876543210' }), settings);
    expect(mail.html).toContain('href="tel:+919876543210"');
    expect(mail.text).toContain('Phone: +91 98765 43210');
    expect(mail.text).not.toContain('not a valid');
  });
});

describe('the sales email for a time zone no platform knows', () => {
  it('prints neither the zone nor a buyer’s time', () => {
    const mail = composeSalesEmail(enquiry({ timezone: 'Call_us_on_WhatsApp_at_spam-example' }), settings);
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toContain('Call_us_on_WhatsApp');
      expect(part).not.toContain("Buyer's time");
    }
  });
});
