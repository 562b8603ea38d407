import { describe, expect, it } from 'vitest';
import {
  buildEnquiryPayload,
  buildPopupEnquiryPayload,
  ENQUIRY_COLLECTION,
  ENQUIRY_FIELDS,
  POPUP_ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_FIELDS,
} from '../contract/enquiry';
import {
  ACKNOWLEDGEMENT_SUBJECT,
  composeAcknowledgementEmail,
  composeSalesEmail,
  ENQUIRY_ID_HEADER,
  escapeHtml,
  headerText,
  salesSubject,
  type Enquiry,
  type MailSettings,
} from './template';

const submittedAt = new Date(2026, 0, 15, 10, 4, 9);
const settings: MailSettings = {
  salesRecipients: ['sales@example.com', 'owner@example.com'],
  from: 'SME Hair website <enquiries@sme-hair.example>',
  acknowledgeVisitor: false,
};

function fullEnquiry(overrides: Record<string, string> = {}): Enquiry {
  const payload = buildEnquiryPayload(
    {
      name: 'Priya Raman',
      companyname: 'Raman Salons',
      phone: '9876543210',
      email: 'priya@example.com',
      city: 'Chennai',
      ordertype: 'Bulk',
      message: 'Need 20 kg of raw temple hair,\n10-18 inch, every month.',
    },
    'Homepage',
    submittedAt,
  );
  return {
    collection: ENQUIRY_COLLECTION,
    id: 'enq123',
    data: { ...payload, ...overrides },
    receivedAt: new Date(Date.UTC(2026, 0, 15, 4, 34, 10)),
  };
}

function popupEnquiry(overrides: Record<string, string> = {}): Enquiry {
  const payload = buildPopupEnquiryPayload(
    { name: 'Arun Kumar', email: 'arun@example.com', phone: '9123456780', business: 'I am a Salon Retailer' },
    submittedAt,
  );
  return {
    collection: POPUP_ENQUIRY_COLLECTION,
    id: 'pop456',
    data: { ...payload, ...overrides },
    receivedAt: null,
  };
}

describe('sales email subject', () => {
  it('says what came in and from whom, with the order type in lower case', () => {
    expect(salesSubject(fullEnquiry())).toBe('New enquiry: Priya Raman, Chennai (bulk)');
  });

  it('names the popup form and the business type', () => {
    expect(salesSubject(popupEnquiry())).toBe('New popup enquiry: Arun Kumar (I am a Salon Retailer)');
  });

  it('cannot be used to inject headers: line breaks from the visitor become spaces', () => {
    const subject = salesSubject(fullEnquiry({ name: 'Eve\r\nBcc: victim@example.com', city: 'Madurai\n' }));
    expect(subject).toBe('New enquiry: Eve Bcc: victim@example.com, Madurai (bulk)');
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it('keeps Tamil and emoji as typed', () => {
    expect(salesSubject(fullEnquiry({ name: 'பிரியா 💇‍♀️', city: 'கோயம்புத்தூர்' }))).toBe(
      'New enquiry: பிரியா 💇‍♀️, கோயம்புத்தூர் (bulk)',
    );
  });
});

describe('sales email', () => {
  it('goes to every sales recipient, with Reply-To on the visitor and a stable Message-ID', () => {
    const mail = composeSalesEmail(fullEnquiry(), settings);
    expect(mail.to).toEqual(['sales@example.com', 'owner@example.com']);
    expect(mail.from).toBe(settings.from);
    expect(mail.replyTo).toEqual({ name: 'Priya Raman', address: 'priya@example.com' });
    expect(mail.messageId).toBe(`<enquiry.${ENQUIRY_COLLECTION}.enq123@sme-hair.example>`);
    expect(composeSalesEmail(fullEnquiry(), settings).messageId).toBe(mail.messageId);
    expect(mail.headers[ENQUIRY_ID_HEADER]).toBe(`${ENQUIRY_COLLECTION}/enq123`);
  });

  it('shows every field of a full enquiry, its form and when it was received, in both parts', () => {
    const mail = composeSalesEmail(fullEnquiry(), settings);
    for (const { label } of Object.values(ENQUIRY_FIELDS)) {
      expect(mail.html).toContain(`>${label}</th>`);
      expect(mail.text).toContain(`${label}:`);
    }
    for (const value of [
      'Priya Raman',
      'Raman Salons',
      'priya@example.com',
      'Chennai',
      'Bulk',
      '15-01-2026',
      '10:04:09',
    ]) {
      expect(mail.html).toContain(value);
      expect(mail.text).toContain(value);
    }
    expect(mail.text).toContain('Form: Full enquiry form (Homepage)');
    expect(mail.text).toContain('Received: 15-01-2026 10:04:10 IST');
    expect(mail.text).toContain('  Need 20 kg of raw temple hair,\n  10-18 inch, every month.');
    expect(mail.html).toContain('Need 20 kg of raw temple hair,\n10-18 inch, every month.');
  });

  it('shows every field of a popup enquiry', () => {
    const mail = composeSalesEmail(popupEnquiry(), settings);
    for (const { label } of Object.values(POPUP_ENQUIRY_FIELDS))
      expect(mail.html).toContain(`>${label}</th>`);
    expect(mail.text).toContain('Form: Popup enquiry form');
    expect(mail.text).toContain('Business: I am a Salon Retailer');
    expect(mail.text).toContain('Received: unknown');
  });

  it('marks an optional field the visitor left empty', () => {
    const mail = composeSalesEmail(fullEnquiry({ companyname: '' }), settings);
    expect(mail.text).toContain('Company: —');
  });

  it('offers one-click call, WhatsApp and email reply links', () => {
    const mail = composeSalesEmail(fullEnquiry(), settings);
    expect(mail.html).toContain('href="tel:+919876543210"');
    expect(mail.html).toContain('href="https://wa.me/919876543210"');
    expect(mail.html).toContain('href="mailto:priya@example.com"');
    expect(mail.html).toContain('+91 98765 43210');
    expect(mail.text).toContain('Call: tel:+919876543210');
    expect(mail.text).toContain('WhatsApp: https://wa.me/919876543210');
  });

  it('shows hostile markup from any field as text', () => {
    const hostile = {
      name: '<script>alert("name")</script>',
      companyname: '<img src=x onerror=alert(1)>',
      city: `"><svg onload=alert('city')>`,
      ordertype: '<b>bulk</b>',
      message: '<a href="javascript:alert(1)">click me</a> & more',
    };
    const mail = composeSalesEmail(fullEnquiry(hostile), settings);
    expect(mail.html).not.toMatch(/<script|<img|<svg|<b>|javascript:alert\(1\)">/i);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&quot;&gt;&lt;svg onload=alert(&#39;city&#39;)&gt;');
    expect(mail.html).toContain(
      '&lt;a href=&quot;javascript:alert(1)&quot;&gt;click me&lt;/a&gt; &amp; more',
    );
    expect(mail.text).toContain(hostile.companyname);
  });

  it('builds no links and no Reply-To from a phone or email outside the contract', () => {
    const mail = composeSalesEmail(
      fullEnquiry({ phone: '"><script>1</script>', email: 'a@b.com, attacker@evil.example' }),
      settings,
    );
    expect(mail.replyTo).toBeUndefined();
    expect(mail.html).not.toContain('tel:');
    expect(mail.html).not.toContain('wa.me');
    expect(mail.html).not.toContain('mailto:');
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;1&lt;/script&gt;');
  });
});

describe('visitor acknowledgement', () => {
  it('goes to the visitor, replies to sales, and repeats nothing the visitor typed', () => {
    const enquiry = fullEnquiry({
      name: 'Buy cheap pills at spam.example',
      message: 'Visit spam.example now!!!',
    });
    const mail = composeAcknowledgementEmail(enquiry, settings);
    expect(mail?.to).toEqual(['priya@example.com']);
    expect(mail?.subject).toBe(ACKNOWLEDGEMENT_SUBJECT);
    expect(mail?.replyTo?.address).toBe('sales@example.com');
    expect(`${mail?.text}${mail?.html}`).not.toContain('spam.example');
    expect(mail?.headers['Auto-Submitted']).toBe('auto-replied');
  });

  it('is not written for an address outside the contract', () => {
    expect(composeAcknowledgementEmail(fullEnquiry({ email: 'not an address' }), settings)).toBeNull();
  });
});

describe('text helpers', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('turns control characters and Unicode line separators in headers into single spaces', () => {
    expect(headerText(' a\r\n\tb\u2028c\u0000 ')).toBe('a b c');
  });
});
