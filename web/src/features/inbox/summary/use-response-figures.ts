import { ENQUIRY_COLLECTIONS } from '@contract/enquiry/collections';
import { indiaDayKey } from '@contract/base/india-time';
import { mailUsageSentence } from '@contract/delivery/mail-usage';
import { REPLY_SPEED_DOCUMENT } from '@contract/delivery/reply-speed';
import { useEffect, useState } from 'react';
import type { InboxConnection } from '../api/connection';
import { countWaiting, fetchMailUsage, readResponseStats } from '../api/enquiries';
import {
  replySpeedForSales,
  responseWeeks,
  waitedTooLongBefore,
  weekFigures,
  type WeekFigures,
} from '../response-view';

export type ResponseFigures = {
  weeks: WeekFigures[];
  /** The 90-day figure buyers are shown, as sales reads it (response-view.ts). */
  replySpeed: string;
  /** Today's use of the mail budget: "Emails today: 57 of 424 (sales 41, acknowledgements 12, digests 4)". */
  mailUsage: string;
};

/**
 * This week's and last week's response figures: two histogram documents and four counts; and the
 * 90-day figure buyers are shown, and today's use of the mail budget, a document each. Read once
 * the list has loaded (`newestKey` is null until then), and again when a new enquiry arrives, when
 * the refresh `round` moves on, or when the number of enquiries `waiting` in view changes.
 */
export function useResponseFigures(
  connection: InboxConnection,
  newestKey: string | null,
  round: number,
  waiting: number,
): ResponseFigures | null {
  const [figures, setFigures] = useState<ResponseFigures | null>(null);
  useEffect(() => {
    if (newestKey === null) return;
    let cancelled = false;
    const at = new Date();
    const weeks = responseWeeks(at);
    const tooLong = waitedTooLongBefore(at);
    Promise.all([
      readResponseStats(connection, [...weeks.map((week) => week.week), REPLY_SPEED_DOCUMENT]),
      Promise.all(
        weeks.map(async (week) => {
          const before = new Date(Math.min(week.end.getTime(), tooLong.getTime()));
          const counts = await Promise.all(
            ENQUIRY_COLLECTIONS.map((name) => countWaiting(connection, name, week.start, before)),
          );
          return counts.reduce((sum, n) => sum + n, 0);
        }),
      ),
      fetchMailUsage(connection, indiaDayKey(at)),
    ]).then(
      ([stats, stillWaiting, mailUsage]) => {
        if (!cancelled)
          setFigures({
            weeks: weeks.map((week, index) => weekFigures(week, stats[index], stillWaiting[index] ?? 0)),
            replySpeed: replySpeedForSales(stats[weeks.length]),
            mailUsage: mailUsageSentence(mailUsage),
          });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [connection, newestKey, round, waiting]);

  return figures;
}
