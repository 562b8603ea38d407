/**
 * The functions' configuration: the firebase-functions params (declared here, so a deploy asks for
 * them), and the one way their values become what the functions run with (`deliveryDepsFrom` for
 * enquiries, `siteDepsFrom` for the site), for the deployed functions, the emulated ones and the
 * launcher's local sweep alike.
 *
 * Production values: `functions/.env.<project-id>` (or the deploy prompt) for the params and
 * Cloud Secret Manager for SMTP_PASSWORD, WHATSAPP_TOKEN and PRIVACY_HASH_KEY (`firebase functions:secrets:set`).
 * Emulator values: the committed, emulator-only `functions/.env.local` and `functions/.secret.local`,
 * which point at the local mail catcher on 127.0.0.1:2525 and the WhatsApp stand-in.
 */
import { DEFAULT_FUNCTIONS_REGION } from './contract/base/region';
import { defineBoolean, defineInt, defineList, defineSecret, defineString } from 'firebase-functions/params';
import { createSmtpTransport } from './channels/mail/transport';
import type { DeliveryLog } from './logs';
import type { WhatsAppSettings } from './channels/whatsapp/graph';
import { DEFAULT_ENQUIRY_RETENTION_DAYS } from './contract/enquiry/retention';
import {
  DEFAULT_BUSINESS_HOURS,
  parseBusinessHours,
  type BusinessHours,
} from './contract/delivery/business-hours';
import { DEFAULT_ADMISSION_LIMITS, type DeliveryDeps } from './enquiry/deps';
import { publishDepsFrom, type SiteRuntime, type SiteSettings } from './site/deps';
import { GOOGLE_HOSTING_API_ORIGIN } from './site/hosting-api';
import type { PublishDeps } from './site/publish';

export const enquiryRegion = defineString('ENQUIRY_REGION', {
  default: DEFAULT_FUNCTIONS_REGION,
  description: 'Region of the enquiry functions; Firestore triggers need the database location.',
});

const salesRecipients = defineList('SALES_RECIPIENTS', {
  description: 'Addresses of the sales team that receive every enquiry, comma separated.',
});

const mailFrom = defineString('MAIL_FROM', {
  description: 'Sender of the enquiry emails, e.g. "SME Hair website <enquiries@example.com>".',
});

const smtpHost = defineString('SMTP_HOST', { description: 'SMTP server host name.' });

const smtpPort = defineInt('SMTP_PORT', {
  default: 587,
  description: 'SMTP port: 587 (STARTTLS) or 465 (implicit TLS, with SMTP_SECURE=true).',
});

const smtpSecure = defineBoolean('SMTP_SECURE', {
  default: false,
  description: 'true for implicit TLS (port 465); false upgrades with STARTTLS when offered.',
});

const smtpUser = defineString('SMTP_USER', {
  description: 'SMTP login name; leave empty for a server without authentication.',
});

// On by default: a buyer abroad otherwise has no reference and no idea when an answer comes.
const sendVisitorAcknowledgement = defineBoolean('SEND_VISITOR_ACKNOWLEDGEMENT', {
  default: true,
  description:
    'Also send the visitor an acknowledgement (reference, reply time in their time zone), at most once a day per address.',
});

const salesBusinessHours = defineString('SALES_BUSINESS_HOURS', {
  default: DEFAULT_BUSINESS_HOURS,
  description:
    'Days and hours the sales team answers, India time, e.g. "Mon-Sat 09:30-18:30": the acknowledgement promises a reply within one such day.',
});

const salesWhatsAppChatNumber = defineString('SALES_WHATSAPP_CHAT_NUMBER', {
  default: '',
  description:
    'The business WhatsApp number buyers write to, E.164 (+919876543210): the acknowledgement links to it; empty leaves the link out.',
});

const senderDailyLimit = defineInt('SENDER_DAILY_LIMIT', {
  default: DEFAULT_ADMISSION_LIMITS.perSenderDaily,
  description:
    'Sales emails a day per sender (the same name, email and phone together); more are held for the digest.',
});

const hourlyEmailCap = defineInt('HOURLY_EMAIL_CAP', {
  default: DEFAULT_ADMISSION_LIMITS.hourlyCap,
  description:
    'Emails an hour: sales emails and acknowledgements together (acknowledgements never the last half); more sales emails are held for the hourly digest, which has room of its own.',
});

const dailyEmailCap = defineInt('DAILY_EMAIL_CAP', {
  default: DEFAULT_ADMISSION_LIMITS.dailyCap,
  description:
    'Emails a day: sales emails, resends and acknowledgements together (acknowledgements never the last half); the mail budget is this plus 24 digests: size the SMTP provider quota to that.',
});

export const inboxCallsRequireAppCheck = defineBoolean('INBOX_CALLS_REQUIRE_APP_CHECK', {
  default: true,
  description:
    "Refuse the inbox's calls (resends, privacy requests, the Site part's publish and photo uploads) without an App Check token; false only when the site is deployed without App Check. Replaces RESEND_REQUIRES_APP_CHECK.",
});

/**
 * The App Check switch's former name, from when it gated resends alone: still obeyed where the new
 * name is not set, for one release, and not declared as a param, so a deploy does not ask for it.
 */
export const DEPRECATED_APP_CHECK_PARAM = 'RESEND_REQUIRES_APP_CHECK';

const salesWhatsAppNumbers = defineList('SALES_WHATSAPP_NUMBERS', {
  default: [],
  description:
    'Sales phones that get a WhatsApp alert per admitted enquiry, E.164, comma separated (+919876543210); empty turns the channel off.',
});

const whatsappApiBase = defineString('WHATSAPP_API_BASE', {
  default: 'https://graph.facebook.com',
  description: 'The WhatsApp Business Cloud API (Graph API) origin.',
});

const whatsappApiVersion = defineString('WHATSAPP_API_VERSION', {
  default: 'v23.0',
  description: 'The Graph API version the alerts use.',
});

const whatsappPhoneNumberId = defineString('WHATSAPP_PHONE_NUMBER_ID', {
  default: '',
  description: "The sending number's Phone number ID (WhatsApp Manager → API setup), not the number itself.",
});

const siteUrl = defineString('SITE_URL', {
  description:
    "The public site's origin, https://www.example.com: the inbox link in each WhatsApp alert, the address a publish reports, the one origin the photo function answers.",
});

export const enquiryRetentionDays = defineInt('ENQUIRY_RETENTION_DAYS', {
  default: DEFAULT_ENQUIRY_RETENTION_DAYS,
  description:
    'Days an enquiry is kept after its arrival or last follow-up change; the privacy policy names the same period.',
});

const hostingApiOrigin = defineString('HOSTING_API_ORIGIN', {
  default: GOOGLE_HOSTING_API_ORIGIN,
  description:
    'The Firebase Hosting REST API the site publishes through (the emulators use a local stand-in).',
});

const hostingApiToken = defineString('HOSTING_API_TOKEN', {
  default: '',
  description:
    'Only for the local stand-in: its token. Empty in production, where the functions’ service account authorises (role Firebase Hosting Admin).',
});

const hostingSite = defineString('HOSTING_SITE', {
  default: '',
  description:
    'The Hosting site the owner publishes to; empty means the project’s default site (the project ID).',
});

const sitePhotoFolder = defineString('SITE_PHOTO_FOLDER', {
  default: '',
  description:
    'Only for the emulators: a folder for the owner’s photos (relative to functions/). Empty in production: the project’s default Cloud Storage bucket.',
});

/** The WhatsApp Cloud API access token lives only in Cloud Secret Manager, like SMTP_PASSWORD. */
export const whatsappToken = defineSecret('WHATSAPP_TOKEN');

/** The SMTP password lives only in Cloud Secret Manager (and in .secret.local for the emulator). */
export const smtpPassword = defineSecret('SMTP_PASSWORD');

/**
 * The key of the keyed hash a privacy request's record keeps instead of the identifier (random, at
 * least 32 characters), only in Cloud Secret Manager; `npm run privacy` is given the same one.
 */
export const privacyHashKey = defineSecret('PRIVACY_HASH_KEY');

/**
 * The params' values as the runtime has them, by name: `process.env` in a deployed or emulated
 * function (firebase sets each param and secret there), a dotenv file's values for the local sweep.
 */
type ParamValues = Readonly<Record<string, string | undefined>>;

/** A declared param or secret: its name, and the default it was declared with (a secret has none). */
type Declared = { readonly name: string; readonly options?: object };

const defaultOf = (param: Declared): unknown => (param.options as { default?: unknown } | undefined)?.default;

function given(values: ParamValues, param: Declared): string | undefined {
  const value = values[param.name];
  return value === undefined || value === '' ? undefined : value;
}

/** A param's value as firebase-functions reads it, or its declared default where none is given. */
function text(values: ParamValues, param: Declared): string {
  const value = values[param.name];
  if (value !== undefined) return value;
  const fallback = defaultOf(param);
  return typeof fallback === 'string' ? fallback : '';
}

function integer(values: ParamValues, param: Declared): number {
  const value = given(values, param);
  const fallback = defaultOf(param);
  if (value === undefined) return typeof fallback === 'number' ? fallback : 0;
  return parseInt(value, 10) || 0;
}

function flag(values: ParamValues, param: Declared): boolean {
  const value = given(values, param);
  if (value === undefined) return defaultOf(param) === true;
  return value === 'true';
}

/**
 * A list param: a deploy turns `a@x.com,b@x.com` in a .env file into the JSON list the param
 * expects, but the emulator passes .env.local values through as written; both are accepted.
 */
function list(values: ParamValues, param: Declared): string[] {
  const value = given(values, param);
  const fallback = defaultOf(param);
  if (value === undefined) return Array.isArray(fallback) ? fallback.map(String) : [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed))
      return parsed
        .map(String)
        .map((item) => item.trim())
        .filter(Boolean);
  } catch {
    // Not JSON: comma separated.
  }
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** `+91 98765 43210` or `919876543210`: the digits, with the country code, as the API takes them. */
function whatsAppNumberDigits(number: string): string | null {
  const digits = number.replace(/[\s()-]/g, '');
  return /^\+?[1-9][0-9]{7,14}$/.test(digits) ? digits.replace(/^\+/, '') : null;
}

/** The WhatsApp channel's settings, or null when no number is configured (the channel is off). */
export function whatsAppSettingsFrom(values: ParamValues): WhatsAppSettings | null {
  const numbers = list(values, salesWhatsAppNumbers);
  if (numbers.length === 0) return null;
  const digits = numbers.map(whatsAppNumberDigits);
  const bad = numbers.filter((_, index) => digits[index] === null);
  if (bad.length) throw new Error(`SALES_WHATSAPP_NUMBERS: not E.164 numbers: ${bad.join(', ')}`);
  return {
    apiBase: text(values, whatsappApiBase),
    apiVersion: text(values, whatsappApiVersion),
    phoneNumberId: text(values, whatsappPhoneNumberId),
    token: text(values, whatsappToken),
    numbers: digits as string[],
    siteUrl: text(values, siteUrl),
  };
}

/** The acknowledgement's business hours; a wrong value is said and the default used, never the email stopped. */
function businessHoursFrom(values: ParamValues, log: DeliveryDeps['log']): BusinessHours {
  try {
    return parseBusinessHours(text(values, salesBusinessHours));
  } catch (error) {
    log.error('SALES_BUSINESS_HOURS is wrong: the default hours are used', { error: String(error) });
    return parseBusinessHours(DEFAULT_BUSINESS_HOURS);
  }
}

/** The chat number as E.164, or null (no link) when it is empty or not a number. */
function chatNumberFrom(values: ParamValues, log: DeliveryDeps['log']): string | null {
  const number = text(values, salesWhatsAppChatNumber).trim();
  if (!number) return null;
  const digits = whatsAppNumberDigits(number);
  if (!digits) log.error('SALES_WHATSAPP_CHAT_NUMBER is not an E.164 number: no WhatsApp link', { number });
  return digits ? `+${digits}` : null;
}

/**
 * What delivering enquiries runs with, from the params' values: the SMTP transport, the mail
 * settings, admission control's limits, the WhatsApp channel and the retention. A wrong WhatsApp
 * setting turns that channel off (and says so), never the email.
 */
export function deliveryDepsFrom(
  values: ParamValues,
  runtime: Pick<DeliveryDeps, 'db' | 'log'> & { clock?: () => Date },
): DeliveryDeps {
  let whatsapp: WhatsAppSettings | null;
  try {
    whatsapp = whatsAppSettingsFrom(values);
  } catch (error) {
    runtime.log.error('whatsapp alerts are off: their settings are wrong', { error: String(error) });
    whatsapp = null;
  }
  return {
    db: runtime.db,
    log: runtime.log,
    clock: runtime.clock ?? (() => new Date()),
    transport: createSmtpTransport({
      host: text(values, smtpHost),
      port: integer(values, smtpPort),
      secure: flag(values, smtpSecure),
      user: text(values, smtpUser),
      password: text(values, smtpPassword),
    }),
    mail: {
      salesRecipients: list(values, salesRecipients),
      from: text(values, mailFrom),
      acknowledgeVisitor: flag(values, sendVisitorAcknowledgement),
      businessHours: businessHoursFrom(values, runtime.log),
      whatsAppChatNumber: chatNumberFrom(values, runtime.log),
    },
    limits: {
      perSenderDaily: integer(values, senderDailyLimit),
      hourlyCap: integer(values, hourlyEmailCap),
      dailyCap: integer(values, dailyEmailCap),
    },
    whatsapp,
    retentionDays: integer(values, enquiryRetentionDays),
  };
}

/** Where the site's publish goes and where the owner's photos are kept, from the params' values. */
export function siteSettingsFrom(values: ParamValues): SiteSettings {
  return {
    hostingApiOrigin: text(values, hostingApiOrigin),
    hostingApiToken: text(values, hostingApiToken) || null,
    hostingSite: text(values, hostingSite) || (values.GCLOUD_PROJECT ?? values.GCP_PROJECT ?? ''),
    photoFolder: text(values, sitePhotoFolder) || null,
    siteUrl: text(values, siteUrl),
  };
}

/**
 * What publishing the site and the owner's photos run with, from the params' values: the photo
 * store, the Hosting API and the packaged renderer (site/deps.ts).
 */
export function siteDepsFrom(values: ParamValues, runtime: SiteRuntime): PublishDeps {
  return publishDepsFrom(siteSettingsFrom(values), runtime);
}

/**
 * Whether the inbox's calls (resends, privacy requests, the Site part's publish and photo uploads)
 * need an App Check token, read on the first call and kept: INBOX_CALLS_REQUIRE_APP_CHECK, or
 * where only RESEND_REQUIRES_APP_CHECK is set, that one, with a warning naming the new name. Where
 * both are set and disagree, App Check is required: turning a security check off takes the new
 * name saying so. Each warning is logged once.
 */
export function inboxAppCheckRequirement(values: ParamValues, log: Pick<DeliveryLog, 'warn'>): () => boolean {
  let required: boolean | undefined;
  return () => {
    if (required !== undefined) return required;
    const current = given(values, inboxCallsRequireAppCheck);
    const former = given(values, { name: DEPRECATED_APP_CHECK_PARAM });
    required = flag(values, inboxCallsRequireAppCheck);
    if (former === undefined) return required;
    const formerRequires = former === 'true';
    if (current === undefined) {
      required = formerRequires;
      log.warn(`${DEPRECATED_APP_CHECK_PARAM} is deprecated: set ${inboxCallsRequireAppCheck.name} instead`, {
        [DEPRECATED_APP_CHECK_PARAM]: former,
      });
    } else if (formerRequires !== required) {
      required = true;
      log.warn(
        `${DEPRECATED_APP_CHECK_PARAM} and ${inboxCallsRequireAppCheck.name} disagree: App Check is required; delete ${DEPRECATED_APP_CHECK_PARAM}`,
        { [DEPRECATED_APP_CHECK_PARAM]: former, [inboxCallsRequireAppCheck.name]: current },
      );
    } else {
      log.warn(
        `${DEPRECATED_APP_CHECK_PARAM} is deprecated: delete it, ${inboxCallsRequireAppCheck.name} is set`,
        {
          [DEPRECATED_APP_CHECK_PARAM]: former,
        },
      );
    }
    return required;
  };
}
