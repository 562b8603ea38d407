/**
 * What happened to an enquiry's sales email and WhatsApp alert, in words a salesperson acts on:
 * what it means, and what to do (often nothing: the enquiry is safe in the inbox either way). The
 * raw error the server gave stays available for whoever runs the site, behind a "details" toggle.
 */
import {
  HELD_REASON_TEXT,
  type DeliveryRecord,
  type DeliveryState,
  type HeldReason,
} from '@contract/delivery/delivery';
import { asDate } from '@contract/base/india-time';
import { textOf } from '@contract/enquiry/stored-enquiry';
import { formatIndiaHour, formatWhen } from '../when-text';

export type Explanation = {
  /** What the state means, in one sentence. */
  summary: string;
  /** What a salesperson can do about it, if anything. */
  action: string | null;
  /** The error as the mail server or WhatsApp gave it, for whoever runs the site. */
  raw: string | null;
  /** A problem the salesperson should notice (an email that did not go). */
  problem: boolean;
};

const SAFE = 'The enquiry is safe here: answer it from this page.';

/** Kinds of refusal an SMTP server gives, each in plain words with what to do. */
const EMAIL_ERRORS: { test: RegExp; words: string; action: string }[] = [
  {
    test: /\b535\b|\b534\b|EAUTH|auth(entication)? failed|invalid login|password|credential/i,
    words: 'The email server refused our login.',
    action: `Tell whoever runs the site (the mail password may have changed). ${SAFE}`,
  },
  {
    test: /\b55[0-3]\b|mailbox|recipient|no such user|address rejected/i,
    words: "The email server refused the sales team's address.",
    action: `Tell whoever runs the site to check the sales addresses. ${SAFE}`,
  },
  {
    test: /quota|rate limit|too many|\b4[25][0-9]\b/i,
    words: "The email provider's sending limit was reached.",
    action: `It is tried again on its own; nothing to do. ${SAFE}`,
  },
  {
    test: /ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ECONNRESET|ESOCKET|timed? ?out|connect/i,
    words: 'We could not reach the email server.',
    action: `It is tried again on its own; if this lasts, tell whoever runs the site. ${SAFE}`,
  },
];

function emailRefusal(lastError: string): { words: string; action: string } {
  return (
    EMAIL_ERRORS.find((kind) => kind.test.test(lastError)) ?? {
      words: 'The email server refused the email.',
      action: `Tell whoever runs the site if it keeps happening. ${SAFE}`,
    }
  );
}

/** The sales email's state of one enquiry, from its delivery record as stored (deliveryRecordOf). */
export function explainEmail(
  state: DeliveryState | null,
  record: Partial<DeliveryRecord<unknown>>,
  now: Date,
): Explanation {
  const lastError = textOf(record.lastError) || null;
  const heldReason = HELD_REASON_TEXT[textOf(record.heldReason) as HeldReason];
  const sentAt = asDate(record.sentAt);
  const nextAttempt = asDate(record.nextAttemptAt);
  const plain = (summary: string, action: string | null = null): Explanation => ({
    summary,
    action,
    raw: lastError,
    problem: false,
  });
  switch (state) {
    case null:
      return plain('Just arrived: its email goes out in a moment.');
    case 'SENT':
      return plain(
        sentAt ? `Emailed to the sales team ${formatWhen(sentAt, now)}.` : 'Emailed to the sales team.',
      );
    case 'SENDING':
      return plain('Being emailed to the sales team now.');
    case 'PENDING':
      return plain(
        lastError
          ? `Not emailed yet: ${emailRefusal(lastError).words.toLowerCase()}`
          : 'Waiting to be emailed.',
        `It is tried again on its own${nextAttempt ? ` ${formatWhen(nextAttempt, now)}` : ''}; nothing to do. ${SAFE}`,
      );
    case 'FAILED': {
      const refusal = emailRefusal(lastError ?? '');
      const final = nextAttempt === null;
      return {
        summary: final
          ? `The email was not sent, and will not be tried again. ${refusal.words}`
          : `The email has not gone yet. ${refusal.words}`,
        action: final
          ? `${refusal.action} Once the problem is fixed, Resend email sends it.`
          : `${refusal.action}`,
        raw: lastError,
        problem: true,
      };
    }
    case 'HELD':
      return plain(
        `Held back from its own email${heldReason ? ` because ${heldReason}` : ''}.`,
        'This protects the mail quota when a script floods the form. It goes out in the hourly digest email; answer it here as usual.',
      );
    case 'DIGESTED':
      return plain(
        `Sent in the hourly digest email${textOf(record.digest) ? ` of ${formatIndiaHour(textOf(record.digest))}` : ''}, not on its own${heldReason ? ` (held back because ${heldReason})` : ''}.`,
        'Answer it here as usual.',
      );
    case 'DUPLICATE':
      return plain(
        'The same person sent the same words earlier today: no email of its own, so nobody answers twice.',
        'Answer the first one (linked below); this copy is listed in the hourly digest.',
      );
  }
}

/** The WhatsApp alert's state (`notification.whatsapp`), or null when the enquiry has none. */
export function explainWhatsApp(record: unknown): Explanation | null {
  if (!record || typeof record !== 'object') return null;
  const alert = record as Record<string, unknown>;
  const phones = alert.numbers && typeof alert.numbers === 'object' ? Object.keys(alert.numbers).length : 0;
  const toPhones = `${phones} sales phone${phones === 1 ? '' : 's'}`;
  const raw = textOf(alert.lastErrorDetail) || textOf(alert.lastError) || null;
  switch (textOf(alert.state)) {
    case 'SENT':
      return { summary: `WhatsApp alert sent to ${toPhones}.`, action: null, raw: null, problem: false };
    case 'FAILED':
      return {
        summary: `The WhatsApp alert did not reach ${toPhones}: ${textOf(alert.lastError) || 'WhatsApp refused it'}.`,
        action: 'Tell whoever runs the site; the email is not affected.',
        raw,
        problem: true,
      };
    default:
      return {
        summary: `WhatsApp alert on its way to ${toPhones}.`,
        action: raw ? 'It is tried again on its own; nothing to do.' : null,
        raw,
        problem: false,
      };
  }
}
