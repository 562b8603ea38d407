import { ENQUIRY_COLLECTIONS } from '@contract/enquiry/collections';
import { indiaDayKey, startOfIndiaDay } from '@contract/base/india-time';
import { leadSourceOfEnquiry, leadSourceSummary } from '@contract/enquiry/lead-source';
import { useEffect, useState } from 'react';
import type { InboxConnection } from '../api/connection';
import { fetchEnquiries } from '../api/enquiries';

/** The first day of this month in India, where the sales team counts its months. */
export function startOfIndiaMonth(at: Date): Date | null {
  return startOfIndiaDay(`${indiaDayKey(at).slice(0, 7)}-01`);
}

/**
 * Where this month's enquiries came from (`14 from google / cpc, 6 from dubai-hair-expo, 31
 * direct`), read once the summary is opened, and again when a new enquiry arrives: every enquiry of
 * the month from both forms, so one read each.
 */
export function useLeadSources(connection: InboxConnection, newestKey: string | null, wanted: boolean) {
  const [summary, setSummary] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted || newestKey === null) return;
    let cancelled = false;
    const since = startOfIndiaMonth(new Date());
    Promise.all(
      ENQUIRY_COLLECTIONS.map((collection) => fetchEnquiries(connection, { collection, since, until: null })),
    ).then(
      (perCollection) => {
        if (cancelled) return;
        const sources = perCollection.flat().map((enquiry) => leadSourceOfEnquiry(enquiry.data));
        setSummary(leadSourceSummary(sources) || 'no enquiries yet');
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [connection, newestKey, wanted]);
  return summary;
}
