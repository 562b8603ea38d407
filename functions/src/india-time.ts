/**
 * Times as the sales team in Coimbatore reads them. India has one time zone and no daylight
 * saving, so a fixed offset is exact and needs no time-zone database.
 */
const INDIA_OFFSET_MINUTES = 5 * 60 + 30;
const INDIA_OFFSET_MS = INDIA_OFFSET_MINUTES * 60_000;

const twoDigits = (n: number) => String(n).padStart(2, '0');

function shiftedToIndia(at: Date): Date {
  return new Date(at.getTime() + INDIA_OFFSET_MS);
}

/** `21-11-2026 14:32:05 IST`: the contract's dd-mm-yyyy and hh:mm:ss, in India time. */
export function formatIndiaDateTime(at: Date): string {
  const local = shiftedToIndia(at);
  const date = `${twoDigits(local.getUTCDate())}-${twoDigits(local.getUTCMonth() + 1)}-${local.getUTCFullYear()}`;
  const time = `${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}:${twoDigits(local.getUTCSeconds())}`;
  return `${date} ${time} IST`;
}

/** `2026-11-21T14:32:05+05:30`: ISO 8601 with the offset, which spreadsheets and people both read. */
export function formatIndiaIso(at: Date): string {
  const local = shiftedToIndia(at);
  const date = `${local.getUTCFullYear()}-${twoDigits(local.getUTCMonth() + 1)}-${twoDigits(local.getUTCDate())}`;
  const time = `${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}:${twoDigits(local.getUTCSeconds())}`;
  return `${date}T${time}+05:30`;
}

/** Midnight at the start of a yyyy-mm-dd day in India, or null when the text is not such a date. */
export function startOfIndiaDay(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, day);
  const check = new Date(utcMidnight);
  // Date.UTC rolls 2026-02-31 over into March; a real calendar day survives the round trip.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return new Date(utcMidnight - INDIA_OFFSET_MS);
}
