import { ENQUIRY_COLLECTIONS } from '@contract/collections';
import { useEffect, useState } from 'react';
import type { InboxConnection } from './api/connection';
import { countWaiting, readResponseStats } from './api/enquiries';
import { responseWeeks, waitedTooLongBefore, weekFigures, type WeekFigures } from './response-view';

/**
 * This week's and last week's response figures: two histogram documents and four counts. Read once
 * the list has loaded (`newestKey` is null until then), and again when a new enquiry arrives, when
 * the refresh `round` moves on, or when the number of enquiries `waiting` in view changes.
 */
export function useResponseFigures(
  connection: InboxConnection,
  newestKey: string | null,
  round: number,
  waiting: number,
): WeekFigures[] | null {
  const [figures, setFigures] = useState<WeekFigures[] | null>(null);
  useEffect(() => {
    if (newestKey === null) return;
    let cancelled = false;
    const at = new Date();
    const weeks = responseWeeks(at);
    const tooLong = waitedTooLongBefore(at);
    Promise.all([
      readResponseStats(
        connection,
        weeks.map((week) => week.week),
      ),
      Promise.all(
        weeks.map(async (week) => {
          const before = new Date(Math.min(week.end.getTime(), tooLong.getTime()));
          const counts = await Promise.all(
            ENQUIRY_COLLECTIONS.map((name) => countWaiting(connection, name, week.start, before)),
          );
          return counts.reduce((sum, n) => sum + n, 0);
        }),
      ),
    ]).then(
      ([stats, stillWaiting]) => {
        if (!cancelled)
          setFigures(weeks.map((week, index) => weekFigures(week, stats[index], stillWaiting[index] ?? 0)));
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [connection, newestKey, round, waiting]);

  return figures;
}
