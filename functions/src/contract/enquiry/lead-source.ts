/**
 * Where a buyer came from, at the first touch of their visit: the page they landed on, the host of
 * the site that sent them, and that landing's utm_source, utm_medium and utm_campaign. Kept in the
 * tab's sessionStorage by every page (no cookie, no third-party script) and stored with an enquiry
 * from either form as `source: {landing, referrer, utmSource, utmMedium, utmCampaign}`; documents
 * without it stay valid.
 *
 * The forms, the rules' tests, the sales email, the inbox and every CSV read this file;
 * firestore.rules spells the same patterns out by hand.
 *
 * Part of the contract: imports nothing.
 */

/** The enquiry's key for its source. */
export const LEAD_SOURCE_FIELD = 'source';

export type LeadSource = {
  /** The path of the first page of the visit (`/home`), without its query. */
  landing: string;
  /** The host of the page that linked to it (`www.google.com`); '' when none, or this site. */
  referrer: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
};

export const LEAD_SOURCE_KEYS = ['landing', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign'] as const;

/** Each part's characters and length: plain enough for a subject line, a CSV cell or a rule. */
export const LEAD_SOURCE_PATTERNS: Record<keyof LeadSource, RegExp> = {
  landing: /^[A-Za-z0-9/._~-]{0,200}$/,
  referrer: /^[a-z0-9.-]{0,253}$/,
  utmSource: /^[A-Za-z0-9 _.~+-]{0,100}$/,
  utmMedium: /^[A-Za-z0-9 _.~+-]{0,100}$/,
  utmCampaign: /^[A-Za-z0-9 _.~+-]{0,100}$/,
};

/** What each part keeps of what the address says: its allowed characters (others become `-`), cut. */
const CLEANERS: Record<keyof LeadSource, { other: RegExp; max: number }> = {
  landing: { other: /[^A-Za-z0-9/._~-]/g, max: 200 },
  referrer: { other: /[^a-z0-9.-]/g, max: 253 },
  utmSource: { other: /[^A-Za-z0-9 _.~+-]/g, max: 100 },
  utmMedium: { other: /[^A-Za-z0-9 _.~+-]/g, max: 100 },
  utmCampaign: { other: /[^A-Za-z0-9 _.~+-]/g, max: 100 },
};

function cleaned(part: keyof LeadSource, value: string): string {
  const { other, max } = CLEANERS[part];
  return value.trim().replace(other, '-').slice(0, max);
}

/**
 * The first touch of a visit as stored, from what the browser read of it (web/src/lib/first-touch.ts):
 * each part in its allowed characters and length, and a referrer on this site itself (a tab opened
 * from one of its pages) as none.
 */
export function cleanLeadSource(read: LeadSource, siteHost: string): LeadSource {
  const referrer = read.referrer.toLowerCase();
  return {
    landing: cleaned('landing', read.landing),
    referrer: referrer === siteHost.toLowerCase() ? '' : cleaned('referrer', referrer),
    utmSource: cleaned('utmSource', read.utmSource),
    utmMedium: cleaned('utmMedium', read.utmMedium),
    utmCampaign: cleaned('utmCampaign', read.utmCampaign),
  };
}

/**
 * The first touch as a form sends it: what the page recorded (untrusted: anything may be in
 * sessionStorage), cleaned, or null when it is not five pieces of text.
 */
export function leadSourceFromTouch(recorded: unknown, siteHost: string): LeadSource | null {
  if (!recorded || typeof recorded !== 'object') return null;
  const parts = recorded as Record<string, unknown>;
  if (!LEAD_SOURCE_KEYS.every((key) => typeof parts[key] === 'string')) return null;
  return cleanLeadSource(parts as LeadSource, siteHost);
}

/** The contract's verdict on a document's `source`, when it has one: problems, empty when kept. */
export function checkLeadSource(value: unknown): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return ['source: not a map'];
  const keys = Object.keys(value);
  if (keys.length !== LEAD_SOURCE_KEYS.length || !LEAD_SOURCE_KEYS.every((key) => keys.includes(key)))
    return ['source: not exactly its five parts'];
  return LEAD_SOURCE_KEYS.flatMap((key) => {
    const part = (value as Record<string, unknown>)[key];
    return typeof part === 'string' && LEAD_SOURCE_PATTERNS[key].test(part)
      ? []
      : [`source.${key}: not allowed`];
  });
}

/** What a form stores: the recorded first touch when it keeps the contract, nothing otherwise. */
export function leadSourceField(source: unknown): { source?: LeadSource } {
  return source && checkLeadSource(source).length === 0 ? { source: source as LeadSource } : {};
}

/** A stored enquiry's source when it keeps the contract, else null (older enquiries have none). */
export function leadSourceOfEnquiry(data: Record<string, unknown>): LeadSource | null {
  const value = data[LEAD_SOURCE_FIELD];
  return value && checkLeadSource(value).length === 0 ? (value as LeadSource) : null;
}

/** The label a lead is counted under: `google / cpc`, `dubai-hair-expo`, `www.google.com` or `direct`. */
export function leadSourceLabel(source: LeadSource | null): string {
  if (!source) return 'direct';
  if (source.utmSource && source.utmMedium) return `${source.utmSource} / ${source.utmMedium}`;
  return source.utmCampaign || source.utmSource || source.referrer || 'direct';
}

/** Every part in words, for the sales email and the inbox's detail: '' for a part the visit lacked. */
export function leadSourceRows(source: LeadSource | null): { label: string; value: string }[] {
  if (!source) return [];
  return [
    { label: 'Came from', value: leadSourceLabel(source) },
    { label: 'Landed on', value: source.landing },
    { label: 'Referrer', value: source.referrer },
    { label: 'utm_source', value: source.utmSource },
    { label: 'utm_medium', value: source.utmMedium },
    { label: 'utm_campaign', value: source.utmCampaign },
  ];
}

/**
 * How many leads came from where, most first, ties by name: `14 from google / cpc, 6 from
 * dubai-hair-expo, 31 direct` (direct always last, as the rest).
 */
export function leadSourceSummary(sources: readonly (LeadSource | null)[]): string {
  const counts = new Map<string, number>();
  for (const source of sources) {
    const label = leadSourceLabel(source);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const direct = counts.get('direct') ?? 0;
  counts.delete('direct');
  const parts = [...counts]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([label, count]) => `${count} from ${label}`);
  if (direct) parts.push(`${direct} direct`);
  return parts.join(', ');
}
