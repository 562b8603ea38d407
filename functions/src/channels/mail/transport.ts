/**
 * The SMTP connection, behind a one-method interface so the delivery code can be handed any
 * transport (the production SMTP server, the emulator's catcher, a server that refuses mail).
 */
import { createTransport } from 'nodemailer';
import type { OutgoingMail } from './message';

type SmtpSettings = {
  host: string;
  port: number;
  secure: boolean;
  /** Empty for a server without authentication (the local mail catcher). */
  user: string;
  password: string;
};

export type SentMail = { messageId: string; accepted: string[]; rejected: string[] };

export type MailTransport = {
  send(mail: OutgoingMail): Promise<SentMail>;
};

/**
 * Bounded so that one send always ends well inside the delivery lease: a hung SMTP server must
 * fail the attempt, not let a second sender take over while the first may still deliver.
 */
const SMTP_TIMEOUTS_MS = { connection: 20_000, greeting: 15_000, socket: 45_000 } as const;

function addressText(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  if (entry && typeof entry === 'object' && 'address' in entry) return String(entry.address);
  return String(entry);
}

/** The message as nodemailer takes it: exactly what the delivery code composed, nothing added. */
export function nodemailerMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    headers: mail.headers,
    attachments: mail.attachments,
  };
}

export function createSmtpTransport(settings: SmtpSettings): MailTransport {
  const transporter = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password } : undefined,
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
  });
  return {
    async send(mail) {
      const info = await transporter.sendMail(nodemailerMessage(mail));
      const rejected = (info.rejected ?? []).map(addressText);
      // Some recipients refused is still a delivered notification; all refused is a failure.
      if (rejected.length > 0 && (info.accepted ?? []).length === 0) {
        throw new Error(`every recipient was refused: ${rejected.join(', ')}`);
      }
      return { messageId: info.messageId, accepted: (info.accepted ?? []).map(addressText), rejected };
    },
  };
}
