import type { EnquiryCollection } from '@contract/enquiry/collections';
import { enquiryKey, type StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { InboxConnection } from '../api/connection';
import { watchEnquiries } from '../api/enquiries';
import { firebaseErrorCode, refreshSession } from '../api/session';
import { collectionsFor, dateRange, mergeNewest, PAGE_SIZE, type InboxFilter } from '../inbox-model';

type Lists = Partial<Record<EnquiryCollection, { enquiries: StoredEnquiry[]; hasMore: boolean }>>;

/**
 * The newest enquiries of the filter's forms and dates, live: PAGE_SIZE of each form per page
 * loaded, merged newest first, whether older ones are left to load, and why a read failed.
 */
export function useEnquiryLists(connection: InboxConnection, filter: InboxFilter) {
  const [pages, setPages] = useState(1);
  const [lists, setLists] = useState<Lists>({});
  const [listError, setListError] = useState<string | null>(null);
  const collections = collectionsFor(filter);
  const { since, until } = dateRange(filter);
  const count = pages * PAGE_SIZE;
  const queryKey = `${collections.join(',')}|${since?.getTime() ?? ''}|${until?.getTime() ?? ''}|${count}`;

  /** What a list's listener says when it cannot read (the waiting list's too). */
  const readFailed = useCallback(
    (error: unknown) => {
      if (firebaseErrorCode(error) === 'permission-denied') {
        // The claim was taken away or the session died: a fresh token tells which.
        void refreshSession(connection);
        setListError('The enquiries cannot be read with this sign-in.');
      } else {
        setListError('The enquiries could not be loaded. Check the connection; the list retries on its own.');
      }
    },
    [connection],
  );

  // Live listeners on the newest `count` of each collection in the date range.
  useEffect(() => {
    const [names, sinceMs, untilMs, size] = queryKey.split('|');
    const stops = (names ?? '').split(',').map((name) =>
      watchEnquiries(
        connection,
        {
          collection: name as EnquiryCollection,
          count: Number(size),
          since: sinceMs ? new Date(Number(sinceMs)) : null,
          until: untilMs ? new Date(Number(untilMs)) : null,
        },
        (enquiries, hasMore) => {
          setListError(null);
          setLists((current) => ({ ...current, [name]: { enquiries, hasMore } }));
        },
        readFailed,
      ),
    );
    return () => {
      stops.forEach((stop) => stop());
      setLists({});
    };
  }, [connection, queryKey, readFailed]);

  const loadedLists = collections.map((name) => lists[name]);
  const loaded = loadedLists.every(Boolean);
  const merged = useMemo(
    () =>
      mergeNewest(
        loadedLists.map((list) => list?.enquiries ?? []),
        count,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lists object identifies the data
    [lists, queryKey],
  );
  const hasMore =
    loadedLists.some((list) => list?.hasMore) ||
    loadedLists.reduce((sum, list) => sum + (list?.enquiries.length ?? 0), 0) > merged.length;
  return {
    collections,
    merged,
    loaded,
    hasMore,
    // Changes when a new enquiry arrives; null until the list has loaded (the figures wait for it).
    newestKey: loaded ? (merged[0] ? enquiryKey(merged[0]) : '') : null,
    listError,
    readFailed,
    loadMore: () => setPages(pages + 1),
    /** A new filter starts again from the first page. */
    firstPageOnly: () => setPages(1),
  };
}
