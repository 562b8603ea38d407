import { useEffect, useState } from 'react';
import { formatFullDate, formatWhen } from './when-text';

/** The current time, again every `everyMs`, so "12 min ago" stays true while the inbox is open. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * A time as "12 min ago"; its full date is there on hover (the title) and, inside a card or a
 * detail, on focus (when.css swaps it in), and screen readers read both.
 */
export function When({ at, now }: { at: Date | null; now: Date }) {
  if (!at) return <span className="inbox-when">just now</span>;
  const full = formatFullDate(at);
  return (
    <time className="inbox-when" dateTime={at.toISOString()} title={full}>
      <span className="inbox-when__ago">{formatWhen(at, now)}</span>
      <span className="inbox-when__full">
        <span className="inbox-when__comma">, </span>
        {full}
      </span>
    </time>
  );
}
