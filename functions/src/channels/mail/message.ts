/**
 * What every email the functions send is made of: the settings, the stored enquiry it is about,
 * the outgoing message, and its Message-ID.
 */
import { createHash } from 'node:crypto';

import type { BusinessHours } from '../../contract/delivery/business-hours';

export type MailSettings = {
  salesRecipients: string[];
  /** The sender, e.g. `SME Hair website <enquiries@example.com>`. */
  from: string;
  /** Whether the visitor also gets a short acknowledgement. */
  acknowledgeVisitor: boolean;
  /** The sales team's hours, from which the acknowledgement promises a reply (default: DEFAULT_BUSINESS_HOURS). */
  businessHours?: BusinessHours;
  /** The business's WhatsApp number (E.164) that buyers write to; the acknowledgement links to it. */
  whatsAppChatNumber?: string | null;
};

type MailAttachment = { filename: string; content: string; contentType: string };

export type OutgoingMail = {
  from: string;
  to: string[];
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** Stable per enquiry, so a mailbox can recognise a repeat of the same notification. */
  messageId: string;
  headers: Record<string, string>;
  attachments?: MailAttachment[];
};

/** Which header tells an operator the mail is about which document. */
export const ENQUIRY_ID_HEADER = 'X-Enquiry-Id';

function messageIdDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]{1,253})>?\s*$/.exec(from.trim());
  return match?.[1] ?? 'localhost';
}

/**
 * `<enquiry.SME-enquiry-form.<id>@domain>`: stable per enquiry and made of safe characters only.
 * An ID that is not plain is replaced by its hash, so two unusual IDs can never share one.
 */
export function messageIdFor(
  prefix: string,
  enquiry: { collection: string; id: string },
  from: string,
): string {
  const id = /^[A-Za-z0-9_-]{1,100}$/.test(enquiry.id)
    ? enquiry.id
    : `h${createHash('sha256').update(enquiry.id).digest('hex').slice(0, 32)}`;
  return `<${prefix}.${enquiry.collection}.${id}@${messageIdDomain(from)}>`;
}
