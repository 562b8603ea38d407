/**
 * Deploy-time configuration of the enquiry mail functions, as firebase-functions params.
 *
 * Production values: `functions/.env.<project-id>` (or the deploy prompt) for the params and
 * Cloud Secret Manager for SMTP_PASSWORD (`firebase functions:secrets:set SMTP_PASSWORD`).
 * Emulator values: the committed, emulator-only `functions/.env.local` and `functions/.secret.local`,
 * which point at the local mail catcher on 127.0.0.1:2525.
 */
import { defineBoolean, defineInt, defineList, defineSecret, defineString } from 'firebase-functions/params';
import { DEFAULT_ADMISSION_LIMITS, type AdmissionLimits } from './enquiry/admission';
import { DEFAULT_ENQUIRY_RETENTION_DAYS } from './contract/retention';
import type { MailSettings } from './channels/mail/message';
import type { SmtpSettings } from './channels/mail/transport';
import type { WhatsAppSettings } from './channels/whatsapp/graph';

/** Nearest Cloud Functions region to Coimbatore; must match the Firestore database's location. */
export const DEFAULT_REGION = 'asia-south1';

export const enquiryRegion = defineString('ENQUIRY_REGION', {
  default: DEFAULT_REGION,
  description: 'Region of the enquiry functions; Firestore triggers need the database location.',
});

export const salesRecipients = defineList('SALES_RECIPIENTS', {
  description: 'Addresses of the sales team that receive every enquiry, comma separated.',
});

export const mailFrom = defineString('MAIL_FROM', {
  description: 'Sender of the enquiry emails, e.g. "SME Hair website <enquiries@example.com>".',
});

export const smtpHost = defineString('SMTP_HOST', { description: 'SMTP server host name.' });

export const smtpPort = defineInt('SMTP_PORT', {
  default: 587,
  description: 'SMTP port: 587 (STARTTLS) or 465 (implicit TLS, with SMTP_SECURE=true).',
});

export const smtpSecure = defineBoolean('SMTP_SECURE', {
  default: false,
  description: 'true for implicit TLS (port 465); false upgrades with STARTTLS when offered.',
});

export const smtpUser = defineString('SMTP_USER', {
  description: 'SMTP login name; leave empty for a server without authentication.',
});

export const sendVisitorAcknowledgement = defineBoolean('SEND_VISITOR_ACKNOWLEDGEMENT', {
  default: false,
  description: 'Also send the visitor a short "we received your enquiry" email.',
});

export const senderDailyLimit = defineInt('SENDER_DAILY_LIMIT', {
  default: DEFAULT_ADMISSION_LIMITS.perSenderDaily,
  description:
    'Sales emails a day per visitor email address and per phone number; more are held for the digest.',
});

export const hourlyEmailCap = defineInt('HOURLY_EMAIL_CAP', {
  default: DEFAULT_ADMISSION_LIMITS.hourlyCap,
  description: 'Individual sales emails an hour over both forms; more are held for the hourly digest.',
});

export const dailyEmailCap = defineInt('DAILY_EMAIL_CAP', {
  default: DEFAULT_ADMISSION_LIMITS.dailyCap,
  description:
    'Individual sales emails a day over both forms; keep it below the SMTP provider quota minus 24 digests.',
});

export const resendRequiresAppCheck = defineBoolean('RESEND_REQUIRES_APP_CHECK', {
  default: true,
  description:
    'Refuse inbox resends without an App Check token; false only when the site is deployed without App Check.',
});

export const salesWhatsAppNumbers = defineList('SALES_WHATSAPP_NUMBERS', {
  default: [],
  description:
    'Sales phones that get a WhatsApp alert per admitted enquiry, E.164, comma separated (+919876543210); empty turns the channel off.',
});

export const whatsappApiBase = defineString('WHATSAPP_API_BASE', {
  default: 'https://graph.facebook.com',
  description: 'The WhatsApp Business Cloud API (Graph API) origin.',
});

export const whatsappApiVersion = defineString('WHATSAPP_API_VERSION', {
  default: 'v23.0',
  description: 'The Graph API version the alerts use.',
});

export const whatsappPhoneNumberId = defineString('WHATSAPP_PHONE_NUMBER_ID', {
  default: '',
  description: "The sending number's Phone number ID (WhatsApp Manager → API setup), not the number itself.",
});

export const siteUrl = defineString('SITE_URL', {
  description: "The public site's origin, for the inbox link in each WhatsApp alert: https://www.example.com",
});

export const enquiryRetentionDays = defineInt('ENQUIRY_RETENTION_DAYS', {
  default: DEFAULT_ENQUIRY_RETENTION_DAYS,
  description:
    'Days an enquiry is kept after its arrival or last follow-up change; the privacy policy names the same period.',
});

/** The WhatsApp Cloud API access token lives only in Cloud Secret Manager, like SMTP_PASSWORD. */
export const whatsappToken = defineSecret('WHATSAPP_TOKEN');

/** The SMTP password lives only in Cloud Secret Manager (and in .secret.local for the emulator). */
export const smtpPassword = defineSecret('SMTP_PASSWORD');

/** Param values can only be read while a function runs, never at deploy time. */
export function readSmtpSettings(): SmtpSettings {
  return {
    host: smtpHost.value(),
    port: smtpPort.value(),
    secure: smtpSecure.value(),
    user: smtpUser.value(),
    password: smtpPassword.value(),
  };
}

/**
 * A deploy turns `a@x.com,b@x.com` in a .env file into the JSON list the param expects, but the
 * emulator passes .env.local values through as written; a plain list is accepted either way.
 */
function readSalesRecipients(): string[] {
  try {
    return salesRecipients.value();
  } catch {
    const raw = process.env[salesRecipients.name] ?? '';
    return raw
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean);
  }
}

/** `+91 98765 43210` or `919876543210`: the digits, with the country code, as the API takes them. */
export function whatsAppNumberDigits(number: string): string | null {
  const digits = number.replace(/[\s()-]/g, '');
  return /^\+?[1-9][0-9]{7,14}$/.test(digits) ? digits.replace(/^\+/, '') : null;
}

/** The WhatsApp channel's settings, or null when no number is configured (the channel is off). */
export function readWhatsAppSettings(): WhatsAppSettings | null {
  let listed: string[];
  try {
    listed = salesWhatsAppNumbers.value();
  } catch {
    // The emulator passes a plain comma-separated .env.local value through as written.
    listed = (process.env[salesWhatsAppNumbers.name] ?? '').split(',');
  }
  const numbers = listed.map((number) => number.trim()).filter(Boolean);
  if (numbers.length === 0) return null;
  const digits = numbers.map(whatsAppNumberDigits);
  const bad = numbers.filter((_, index) => digits[index] === null);
  if (bad.length) throw new Error(`SALES_WHATSAPP_NUMBERS: not E.164 numbers: ${bad.join(', ')}`);
  return {
    apiBase: whatsappApiBase.value(),
    apiVersion: whatsappApiVersion.value(),
    phoneNumberId: whatsappPhoneNumberId.value(),
    token: whatsappToken.value(),
    numbers: digits as string[],
    siteUrl: siteUrl.value(),
  };
}

export function readAdmissionLimits(): AdmissionLimits {
  return {
    perSenderDaily: senderDailyLimit.value(),
    hourlyCap: hourlyEmailCap.value(),
    dailyCap: dailyEmailCap.value(),
  };
}

export function readMailSettings(): MailSettings {
  return {
    salesRecipients: readSalesRecipients(),
    from: mailFrom.value(),
    acknowledgeVisitor: sendVisitorAcknowledgement.value(),
  };
}
