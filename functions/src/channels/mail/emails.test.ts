import { simpleParser, type ParsedMail } from 'mailparser';
import type { StoredEnquiry } from '../../contract/enquiry/stored-enquiry';
import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import {
  buildEnquiryPayload,
  buildPopupEnquiryPayload,
  ENQUIRY_FIELDS,
  POPUP_ENQUIRY_FIELDS,
} from '../../contract/enquiry/enquiry';
import {
  ACKNOWLEDGEMENT_SUBJECT,
  composeAcknowledgementEmail,
  composeSalesEmail,
  salesSubject,
} from './enquiry-emails';
import { composeDigestEmail, DIGEST_TABLE_ROWS, type DigestEntry } from './digest-email';
import { ENQUIRY_ID_HEADER, type MailSettings, type OutgoingMail } from './message';

/** SMTP's limit for one line of a message (RFC 5322), headers included. */
const MAX_HEADER_LINE_LENGTH = 998;
import { escapeHtml, headerText } from './text';
import { enquiryReference } from '../../contract/enquiry/enquiry-reference';
import { mailtoHref } from '../../contract/enquiry/contact-links';
import { PRIYA } from '../../../../tests/support/delivery-fixtures';
import { nodemailerMessage } from './transport';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from '../../contract/enquiry/collections';

const submittedAt = new Date(2026, 0, 15, 10, 4, 9);
const settings: MailSettings = {
  salesRecipients: ['sales@example.com', 'owner@example.com'],
  from: 'SME Hair website <enquiries@sme-hair.example>',
  acknowledgeVisitor: false,
};

function fullEnquiry(overrides: Record<string, string> = {}): StoredEnquiry {
  const payload = buildEnquiryPayload(
    { ...PRIYA, message: 'Need 20 kg of raw temple hair,\n10-18 inch, every month.' },
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

function popupEnquiry(overrides: Record<string, string> = {}): StoredEnquiry {
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
    // The time zone is shown as the buyer's time of sending (below).
    for (const { label } of Object.values(ENQUIRY_FIELDS).filter(
      (rule) => rule !== ENQUIRY_FIELDS.timezone,
    )) {
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
    for (const { label } of Object.values(POPUP_ENQUIRY_FIELDS).filter(
      (rule) => rule !== POPUP_ENQUIRY_FIELDS.timezone,
    ))
      expect(mail.html).toContain(`>${label}</th>`);
    expect(mail.text).toContain('Form: Popup enquiry form');
    expect(mail.text).toContain('Business: I am a Salon Retailer');
    expect(mail.text).toContain('Received: unknown');
  });

  it("calls and messages a buyer abroad on their own number, in their country's grouping, at their time", () => {
    const mail = composeSalesEmail(
      fullEnquiry({ phone: '+12125550100', timezone: 'America/New_York' }),
      settings,
    );
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('tel:+12125550100');
      expect(part).toContain('https://wa.me/12125550100');
      expect(part).not.toContain('+91');
    }
    expect(mail.html).toContain('Call +1 212 555 0100');
    expect(mail.text).toContain('Phone: +1 212 555 0100');
    expect(mail.text).toContain('Country: United States');
    expect(mail.text).toContain("Buyer's time: Wed 14 Jan 2026, 23:34 in New York (America/New_York)");
    expect(mail.text).toMatch(/^Reference: SME-[0-9A-Z]{4}-[0-9A-Z]{4}$/m);
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
    const mail = composeAcknowledgementEmail(
      fullEnquiry({
        name: 'Buy cheap pills at spam.example',
        companyname: 'spam.example Ltd',
        city: 'Call spam.example',
        ordertype: 'Visit spam.example',
        message: 'Visit spam.example now!!!',
      }),
      settings,
    );
    expect(mail?.to).toEqual(['priya@example.com']);
    expect(mail?.subject).toBe(`${ACKNOWLEDGEMENT_SUBJECT} ${enquiryReference('enq123')}`);
    expect(mail?.replyTo?.address).toBe('sales@example.com');
    expect(`${mail?.text}${mail?.html}`).not.toContain('spam.example');
    expect(mail?.text).toContain('You sent us an enquiry through our enquiry form');
    expect(mail?.headers['Auto-Submitted']).toBe('auto-replied');
    expect(enquiry.data.name).toBe('Buy cheap pills at spam.example');
  });

  it('gives the reference, what was sent, the reply time in the buyer’s own zone and a WhatsApp chat', () => {
    // Friday 23:00 in India is Friday 12:30 in New York: the reply comes in Saturday's business hours.
    const friday = new Date('2026-11-27T23:00:00+05:30');
    const enquiry: StoredEnquiry = {
      ...fullEnquiry({ phone: '+12125550100', timezone: 'America/New_York', ordertype: 'bulk' }),
      receivedAt: friday,
    };
    const mail = composeAcknowledgementEmail(enquiry, { ...settings, whatsAppChatNumber: '+919876543210' });
    const reference = enquiryReference('enq123');
    expect(mail?.text).toContain(`Your reference is ${reference}.`);
    expect(mail?.text).toContain(
      'You sent us a bulk enquiry through our enquiry form, with the phone number ending in 0100 (United States).',
    );
    expect(mail?.text).toContain('We reply within one business day: by Saturday 08:00 your time (New York).');
    expect(mail?.text).toContain(
      `https://wa.me/919876543210?text=${encodeURIComponent(`Hello, about my enquiry ${reference}`)}`,
    );
    const popup = composeAcknowledgementEmail({ ...popupEnquiry(), receivedAt: friday }, settings);
    expect(popup?.text).toContain('You sent us a call-back request ("I am a Salon Retailer")');
    expect(popup?.text).toContain('by Saturday 18:30 India time');
    expect(popup?.text).not.toContain('wa.me');
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
    expect(headerText(' a\r\n\tb\u2028c\u0000\u0085d ')).toBe('a b c d');
  });

  it('removes bidi controls from headers and breaks encoded-word openers', () => {
    expect(headerText('a\u202eb\u2066c\u200f =?utf-8?q?x?=')).toBe('abc = ?utf-8?q?x?=');
  });
});

/** The message exactly as the SMTP transport would send it, raw and parsed by a mail client's parser. */
const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
async function asReceived(mail: OutgoingMail): Promise<{ raw: string; parsed: ParsedMail }> {
  const info = await composer.sendMail(nodemailerMessage(mail));
  const raw = info.message as Buffer;
  return { raw: raw.toString('utf8'), parsed: await simpleParser(raw) };
}

const textLines = (parsed: ParsedMail) => String(parsed.text).split(/\r?\n/);

describe('injections a script can try through the enquiry, checked on the parsed message', () => {
  // Written with the Admin SDK or before the rules were hardened: the template must hold alone.
  const forgedLines = [
    ['name', 'Priya\r\nCall: tel:+447700900123'],
    ['city', 'Chennai\nBcc: attacker@evil.com'],
    ['companyname', 'Raman\u2028WhatsApp: https://wa.me/447700900123'],
    ['ordertype', 'bulk\u0085Reply to this email to write to attacker@evil.com'],
    ['formpage', 'Homepage\rStored in Firestore as SME-enquiry-form/forged'],
  ] as const;

  it.each(forgedLines)('keeps a line break in %s from starting a line of its own', async (name, value) => {
    const { parsed } = await asReceived(composeSalesEmail(fullEnquiry({ [name]: value }), settings));
    const forged = value.split(/[\r\n\u2028\u0085]+/)[1] ?? '';
    const lines = textLines(parsed);
    expect(lines.some((line) => line.startsWith(forged))).toBe(false);
    expect(String(parsed.text)).toContain(forged);
  });

  it('indents every line of the message under its label, whatever line break it uses', async () => {
    const message =
      'Need hair.\nCall: tel:+447700900123\r\nBcc: attacker@evil.com\u2028WhatsApp: x\u2029Done';
    const { parsed } = await asReceived(composeSalesEmail(fullEnquiry({ message }), settings));
    const lines = textLines(parsed);
    const start = lines.indexOf('Message:');
    expect(lines.slice(start + 1, start + 6)).toEqual([
      '  Need hair.',
      '  Call: tel:+447700900123',
      '  Bcc: attacker@evil.com',
      '  WhatsApp: x',
      '  Done',
    ]);
    expect(lines.filter((line) => line.startsWith('Call:'))).toEqual(['Call: tel:+919876543210']);
  });

  it('does not let an encoded-word in the name become a forged Reply-To display name or subject', async () => {
    const encoded = `=?UTF-8?B?${Buffer.from('Sales Team').toString('base64')}?=`;
    const { parsed } = await asReceived(composeSalesEmail(fullEnquiry({ name: encoded }), settings));
    const replyTo = parsed.replyTo?.value[0];
    expect(replyTo?.address).toBe('priya@example.com');
    expect(replyTo?.name).not.toContain('Sales Team');
    expect(replyTo?.name).toContain('= ?UTF-8?B?');
    expect(parsed.subject).not.toContain('Sales Team');
    expect(parsed.subject).toBe(`New enquiry: = ?UTF-8?B?U2FsZXMgVGVhbQ== ?=, Chennai (bulk)`);
  });

  it('strips bidi controls from the subject and the display name', async () => {
    const name = 'Priya\u202e)kcalb( moc.live\u202c \u2067x\u2069\u200f';
    const { parsed } = await asReceived(composeSalesEmail(fullEnquiry({ name }), settings));
    const bidi = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    expect(parsed.subject).not.toMatch(bidi);
    expect(parsed.subject).toBe('New enquiry: Priya)kcalb( moc.live x, Chennai (bulk)');
    expect(parsed.replyTo?.value[0]?.name).not.toMatch(bidi);
  });

  it('removes tag characters and zero-width spaces from the subject, the Reply-To name and both parts', async () => {
    const hidden = [...'IGNORE'].map((c) => String.fromCodePoint(0xe0000 + (c.codePointAt(0) ?? 0))).join('');
    const name = `Pri\u200bya${hidden} Raman`;
    const { parsed } = await asReceived(composeSalesEmail(fullEnquiry({ name }), settings));
    const hiddenCharacters = /[\u200b\u{e0000}-\u{e007f}]/u;
    expect(parsed.subject).toBe('New enquiry: Priya Raman, Chennai (bulk)');
    expect(parsed.replyTo?.value[0]?.name).toBe('Priya Raman');
    expect(String(parsed.text)).not.toMatch(hiddenCharacters);
    expect(String(parsed.html)).not.toMatch(hiddenCharacters);
    expect(String(parsed.text)).toContain('Name: Priya Raman');
  });

  it('removes every character that shows nothing, and keeps the joiners a name needs', async () => {
    const smuggled = [...'IGNORE ALL']
      .map((character) => String.fromCodePoint(0xe0100 + (character.codePointAt(0) ?? 0) - 0x20))
      .join('');
    const name = `Ravi\u00ad\u034f\u17b4\u180b\u2800${smuggled}\ufe0f${'\u200c'.repeat(60)} लक्\u200dष्मी`;
    const { parsed } = await asReceived(
      composeSalesEmail(fullEnquiry({ name, city: 'Chennai\u2800' }), settings),
    );
    expect(parsed.subject).toBe('New enquiry: Ravi लक्\u200dष्मी, Chennai (bulk)');
    expect(parsed.replyTo?.value[0]?.name).toBe('Ravi लक्\u200dष्मी');
    const hidden = new Set([...`\u00ad\u034f\u17b4\u180b\u2800\ufe0f\u200c${smuggled}`]);
    for (const part of [String(parsed.text), String(parsed.html)]) {
      expect([...part].filter((character) => hidden.has(character))).toEqual([]);
      expect(part).toContain('Ravi लक्\u200dष्मी');
    }
  });

  it('removes a bidi override from the message in the HTML part as in the text part', async () => {
    const message = 'Please pay to \u202eTNUOCCA 0987\u202c before dispatch.';
    const { parsed } = await asReceived(composeSalesEmail(fullEnquiry({ message }), settings));
    for (const part of [String(parsed.html), String(parsed.text)]) {
      expect(part).not.toMatch(/[\u202a-\u202e]/);
      expect(part).toContain('Please pay to TNUOCCA 0987 before dispatch.');
    }
  });

  it.each([
    ['an address in angle brackets', 'Boss <ceo@ramanhair.in>', 'Boss ceo ramanhair.in'],
    ['a bare address', 'ceo@ramanhair.in', 'ceo ramanhair.in'],
    ['quotes', '"Accounts" \u201cTeam\u201d', 'Accounts Team'],
    ['an apostrophe, which stays', "Anita D'Souza", "Anita D'Souza"],
    [
      'fullwidth look-alikes of an address',
      'Boss \uff1cceo\uff20ramanhair.in\uff1e',
      'Boss ceo ramanhair.in',
    ],
    [
      'small and angle-quote look-alikes',
      'ceo\ufe6bramanhair.in \u2039sales\u203a',
      'ceo ramanhair.in sales',
    ],
    ['small brackets and fullwidth quotes', '\ufe64ceo\ufe65 \uff02Accounts\uff02', 'ceo Accounts'],
    [
      'other angle brackets',
      '\u3008ceo\u3009 \u27e8a\u27e9 \u276eb\u276f \u02c2c\u02c3 \u1438d\u1433 \u300ae\u300b',
      'ceo a b c d e',
    ],
  ])('keeps %s in the name from passing for an address in Reply-To', async (_what, name, shown) => {
    const { parsed, raw } = await asReceived(composeSalesEmail(fullEnquiry({ name }), settings));
    const replyTo = parsed.replyTo?.value;
    expect(replyTo).toEqual([{ name: shown, address: 'priya@example.com' }]);
    const header = /^Reply-To: (.*)$/m.exec(raw)?.[1] ?? '';
    expect(header.slice(0, header.lastIndexOf('<'))).not.toMatch(/[<>@]/);
  });

  it('keeps every header line within 998 characters, even for a 1,400-character document ID', async () => {
    const longId = 'x'.repeat(20) + '\r\nBcc: attacker@evil.com' + 'é'.repeat(1400);
    const enquiry = { ...fullEnquiry({ name: 'N'.repeat(100), city: 'C'.repeat(100) }), id: longId };
    const { raw, parsed } = await asReceived(composeSalesEmail(enquiry, settings));
    const headerBlock = raw.slice(0, raw.indexOf('\r\n\r\n'));
    const longest = Math.max(...headerBlock.split('\r\n').map((line) => line.length));
    expect(longest).toBeLessThanOrEqual(MAX_HEADER_LINE_LENGTH);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(String(parsed.headers.get('x-enquiry-id'))).toMatch(
      /^SME-enquiry-form\/x{20}%0D%0ABcc%3A.*\.\.\.$/,
    );
    expect(textLines(parsed).some((line) => line.startsWith('Bcc:'))).toBe(false);
  });

  it('derives the Message-ID from safe characters only, distinct for distinct hostile IDs', async () => {
    const ids = ['a>b@evil.com', 'a<b', 'name with spaces', 'x\r\nBcc: y@z.com', 'ok_ID-123'];
    const messageIds = ids.map((id) => composeSalesEmail({ ...fullEnquiry(), id }, settings).messageId);
    for (const messageId of messageIds) expect(messageId).toMatch(/^<[A-Za-z0-9._-]+@[A-Za-z0-9.-]+>$/);
    expect(new Set(messageIds).size).toBe(ids.length);
    expect(messageIds.at(-1)).toBe(`<enquiry.${ENQUIRY_COLLECTION}.ok_ID-123@sme-hair.example>`);
    const { parsed } = await asReceived(composeSalesEmail({ ...fullEnquiry(), id: ids[0] ?? '' }, settings));
    expect(parsed.messageId).toBe(messageIds[0]);
  });

  it('percent-encodes the visitor address in mailto: links', async () => {
    const email = "o'neil+hair@mail.co.uk";
    const { parsed } = await asReceived(composeSalesEmail(fullEnquiry({ email }), settings));
    expect(String(parsed.html)).toContain('href="mailto:o%27neil%2Bhair@mail.co.uk"');
    expect(String(parsed.html)).toContain(
      'href="mailto:o%27neil%2Bhair@mail.co.uk?subject=Re%3A%20New%20enquiry',
    );
    expect(mailtoHref('a b@c.d', { subject: 'x&y=z' })).toBe('mailto:a%20b@c.d?subject=x%26y%3Dz');
  });
});

describe('the hourly digest of held enquiries', () => {
  // The texts enquiry/buyer-signals.ts writes for these (its own tests hold them to their signs).
  const held = (index: number): DigestEntry => {
    const enquiry =
      index % 2 ? popupEnquiry({ name: `Popup ${index}` }) : fullEnquiry({ name: `Buyer ${index}` });
    return {
      enquiry: { ...enquiry, id: `held${String(index).padStart(3, '0')}` },
      held: true,
      why:
        index % 3
          ? 'the hourly email cap was reached'
          : 'this sender (the same name, email and phone) already had its emails today',
      signs:
        index % 3 !== 0
          ? '3 of 4: first contact, passed every check, not part of a burst'
          : '2 of 4: first contact, not part of a burst',
    };
  };
  const duplicate = (index: number): DigestEntry => ({
    enquiry: { ...fullEnquiry({ name: `Again ${index}` }), id: `dup${index}` },
    held: false,
    why: `duplicate of ${ENQUIRY_COLLECTION}/first${index}`,
    signs: "2 of 4: a device's own clock, not part of a burst",
  });
  const signNames = ['first contact', 'passed every check', "a device's own clock", 'not part of a burst'];

  it('gives the count, a table of the first 50 and a CSV of every enquiry it reports', async () => {
    const entries = Array.from({ length: 120 }, (_, index) => held(index));
    const digest = {
      entries,
      heldTotal: 130,
      duplicatesTotal: 0,
      hourKey: '2026-01-15T10',
      writtenAt: submittedAt,
      signNames,
    };
    const { parsed } = await asReceived(composeDigestEmail(digest, settings));
    expect(parsed.subject).toMatch(/^Held enquiries: 120 not emailed one by one \(/);
    const rows = textLines(parsed).filter((line) => /^\d+\. /.test(line));
    expect(rows).toHaveLength(DIGEST_TABLE_ROWS);
    expect(rows[0]).toContain('Buyer 0');
    expect(rows[0]).toContain('| +91 98765 43210 |');
    expect(rows[1]).toContain('3 of 4: first contact, passed every check, not part of a burst');
    expect(String(parsed.text)).toContain(
      'The table shows 50 of them, those with the strongest signs of a real buyer first; the attached CSV has all 120.',
    );
    expect(String(parsed.text)).toContain('10 more follow in the next digest.');
    expect((String(parsed.html).match(/<tr>/g) ?? []).length).toBe(DIGEST_TABLE_ROWS + 1);
    const [csv] = parsed.attachments;
    expect(csv?.filename).toBe('held-enquiries-2026-01-15T10.csv');
    const lines =
      csv?.content
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean) ?? [];
    expect(lines).toHaveLength(121);
    expect(lines[0]).toMatch(
      /^Rank,Enquiry,No email of its own because,Signs of a real buyer,Enquiry ID,Reference,Kind of form,Received at,Form,Name,Company,Phone,Phone \(E.164\),Country,/,
    );
    expect(lines.some((line) => line.includes('Buyer 118'))).toBe(true);
  });

  it('gives a buyer abroad their own number, with the country code, never a +91 guess', async () => {
    const abroad = { ...held(0), enquiry: { ...fullEnquiry({ phone: '+2348031234567' }), id: 'lagos' } };
    const { parsed } = await asReceived(
      composeDigestEmail(
        {
          entries: [abroad],
          heldTotal: 1,
          duplicatesTotal: 0,
          hourKey: '2026-01-15T10',
          writtenAt: submittedAt,
          signNames,
        },
        settings,
      ),
    );
    expect(String(parsed.text)).toContain('| +234 803 123 4567 |');
    const csv = parsed.attachments[0]?.content.toString('utf8') ?? '';
    expect(csv).toContain(",'+2348031234567,'+2348031234567,Nigeria,");
  });

  it('lists duplicates with the enquiry each repeats, and counts them in the subject', async () => {
    const digest = {
      entries: [held(1), duplicate(1), duplicate(2)],
      heldTotal: 1,
      duplicatesTotal: 2,
      hourKey: '2026-01-15T10',
      writtenAt: submittedAt,
      signNames,
    };
    const { parsed } = await asReceived(composeDigestEmail(digest, settings));
    expect(parsed.subject).toMatch(/^Held enquiries: 1 not emailed one by one, 2 duplicates \(/);
    expect(String(parsed.text)).toContain(
      '2 were duplicates: the same name, email and phone sent the same enquiry',
    );
    expect(String(parsed.text)).toContain(`duplicate of ${ENQUIRY_COLLECTION}/first2`);
    expect(parsed.attachments[0]?.content.toString('utf8')).toContain(
      `duplicate of ${ENQUIRY_COLLECTION}/first1`,
    );
  });

  it('shows visitor text in the table on one line, and a formula in the CSV as text', async () => {
    const entry = held(0);
    const hostile = {
      ...entry,
      enquiry: {
        ...entry.enquiry,
        data: { ...entry.enquiry.data, name: '=HYPERLINK("http://evil")\r\nCall: x' },
      },
    };
    const digest = {
      entries: [hostile],
      heldTotal: 1,
      duplicatesTotal: 0,
      hourKey: '2026-01-15T10',
      writtenAt: submittedAt,
      signNames,
    };
    const { parsed } = await asReceived(composeDigestEmail(digest, settings));
    expect(textLines(parsed).some((line) => line.startsWith('Call:'))).toBe(false);
    const csv = parsed.attachments[0]?.content.toString('utf8') ?? '';
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")`);
  });
});
