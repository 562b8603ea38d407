/**
 * The WhatsApp alert for a number the rules' shapes let through but no country has: it says the
 * number is not valid and gives no number to tap.
 */
import { describe, expect, it } from 'vitest';
import { ENQUIRY_COLLECTION } from '../../contract/enquiry/collections';
import { enquiryAlertParameters } from './alert-text';
import { ENQUIRY_ALERT_TEMPLATE, renderTemplate } from './templates';

const alertFor = (phone: string) =>
  enquiryAlertParameters(
    {
      collection: ENQUIRY_COLLECTION,
      id: 'AbCdEfGhIjKlMnOpQrSt',
      data: { name: 'Priya Raman', phone, email: 'priya@example.com', city: 'Chennai', ordertype: 'Bulk' },
      receivedAt: null,
    },
    'https://sme-hair.in',
  );

describe("the WhatsApp alert's phone", () => {
  it.each([
    ['0000000000', 'not a valid number for India'],
    ['+112345678901234', 'not a valid number for the United States'],
    ['+999123456789', 'not a valid phone number'],
  ])('for %s says it is %s, with no digits to call', (phone, note) => {
    const parameters = alertFor(phone);
    expect(parameters[4]).toBe(note);
    const text = renderTemplate(ENQUIRY_ALERT_TEMPLATE, parameters);
    expect(text).toContain(`Phone: ${note}.`);
    expect(text).not.toMatch(/\d(?:[\s().-]?\d){6,}/);
  });

  it('gives a valid number as its country writes it', () => {
    expect(alertFor('+12125550100')[4]).toBe('+1 212 555 0100');
  });
});
