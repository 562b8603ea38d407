import { ENQUIRY_COLLECTIONS, type EnquiryCollection } from '@contract/enquiry/collections';
import { useEffect, useState } from 'react';
import type { InboxConnection } from '../api/connection';
import { countEnquiries } from '../api/enquiries';
import { chartWeeks } from '../inbox-model';
import type { WeeklyCounts } from './weekly-chart';

/** The weekly chart's counts, read once `showChart` asks for them (the summary was opened). */
export function useWeeklyChart(connection: InboxConnection, newestKey: string | null) {
  const [chartWanted, setChartWanted] = useState(false);
  const [chart, setChart] = useState<WeeklyCounts | null>(null);

  // The chart, once the summary is opened: counts per week and form, again when a new enquiry arrives.
  useEffect(() => {
    if (!chartWanted || newestKey === null) return;
    let cancelled = false;
    const weeks = chartWeeks(new Date());
    Promise.all(ENQUIRY_COLLECTIONS.map((name) => countEnquiries(connection, name, weeks))).then(
      (perCollection) => {
        if (cancelled) return;
        const counts = Object.fromEntries(
          ENQUIRY_COLLECTIONS.map((name, index) => [name, perCollection[index] ?? []]),
        ) as Record<EnquiryCollection, number[]>;
        setChart({ weeks, counts });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [connection, newestKey, chartWanted]);

  return { chart, chartWanted, showChart: () => setChartWanted(true) };
}
