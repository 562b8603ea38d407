import type { EnquiryCollection } from '@contract/enquiry/collections';
import { enquiriesToCsv } from '@contract/enquiry/enquiry-columns';
import { useState } from 'react';
import type { InboxConnection } from '../api/connection';
import { fetchEnquiries } from '../api/enquiries';
import { dateRange, FORM_LABELS, matchesFilter, type InboxFilter } from '../inbox-model';
import { saveFile } from '../save-file';

/** The CSV of one form's enquiries that the filter selects, as the export writes it, and what the download says. */
export function useCsvDownload(connection: InboxConnection, filter: InboxFilter) {
  const [csvMessage, setCsvMessage] = useState<string | null>(null);
  const { since, until } = dateRange(filter);

  async function downloadCsv(collection: EnquiryCollection) {
    setCsvMessage(`Preparing the ${FORM_LABELS[collection]} CSV…`);
    try {
      const all = await fetchEnquiries(connection, { collection, since, until });
      const matching = all.filter((enquiry) => matchesFilter(enquiry, filter));
      saveFile(
        `${collection}-${new Date().toISOString().slice(0, 10)}.csv`,
        enquiriesToCsv(collection, matching),
        'text/csv',
      );
      setCsvMessage(`${matching.length} ${FORM_LABELS[collection]} enquiries downloaded.`);
    } catch (error) {
      setCsvMessage(`The CSV could not be made: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return { csvMessage, downloadCsv };
}
