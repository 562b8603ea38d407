import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../tests/support/smtp-catcher';
import { createSmtpTransport } from './transport';
import type { OutgoingMail } from './message';

const mail: OutgoingMail = {
  from: 'SME Hair website <enquiries@sme-hair.example>',
  to: ['sales@example.com'],
  replyTo: { name: 'Priya Raman', address: 'priya@example.com' },
  subject: 'New enquiry: Priya Raman, Chennai (bulk)',
  text: 'plain part',
  html: '<p>html part</p>',
  messageId: '<enquiry.SME-enquiry-form.abc@sme-hair.example>',
  headers: { 'X-Enquiry-Id': 'SME-enquiry-form/abc' },
};

let catcher: SmtpCatcher | undefined;
afterEach(async () => {
  await catcher?.close();
  catcher = undefined;
});

function transportTo(port: number, user = '') {
  return createSmtpTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    user,
    password: user ? 'secret' : '',
  });
}

describe('SMTP transport', () => {
  it('hands the whole message to the SMTP server and reports its Message-ID', async () => {
    catcher = await startSmtpCatcher();
    const sent = await transportTo(catcher.port).send(mail);
    expect(sent.messageId).toBe(mail.messageId);
    const [received] = catcher.messages;
    expect(catcher.messages).toHaveLength(1);
    expect(received?.login).toBeNull();
    expect(received?.envelope).toEqual({ from: 'enquiries@sme-hair.example', to: ['sales@example.com'] });
    expect(received?.subject).toBe(mail.subject);
    expect(received?.replyTo?.text).toBe('"Priya Raman" <priya@example.com>');
    expect(received?.headers.get('x-enquiry-id')).toBe('SME-enquiry-form/abc');
    expect(received?.text?.trim()).toBe('plain part');
    expect(received?.html).toBe('<p>html part</p>');
  });

  it('logs in when a user is configured', async () => {
    catcher = await startSmtpCatcher();
    await transportTo(catcher.port, 'mailer').send(mail);
    expect(catcher.messages.map((received) => received.login)).toEqual(['mailer']);
  });

  it('fails with the SMTP reply when the server refuses', async () => {
    catcher = await startSmtpCatcher({ reject: true });
    await expect(transportTo(catcher.port).send(mail)).rejects.toMatchObject({ responseCode: 451 });
    expect(catcher.rejectedCount).toBe(1);
    expect(catcher.messages).toHaveLength(0);
  });

  it('fails when nothing listens', async () => {
    catcher = await startSmtpCatcher();
    const port = catcher.port;
    await catcher.close();
    catcher = undefined;
    await expect(transportTo(port).send(mail)).rejects.toMatchObject({ code: 'ESOCKET' });
  });
});
