/**
 * A wait in words, as the inbox and the reply speed shown to buyers say it: its own small module,
 * so the public form's code carries it without the inbox's weekly histograms.
 *
 * Part of the contract: no imports.
 */

/** `45 s`, `12 min`, `3 h 10 min`, `2 d 4 h`: a wait as a salesperson reads it. */
export function formatWait(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
