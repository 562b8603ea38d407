import { ENQUIRY_COLLECTIONS, type EnquiryCollection } from '@contract/enquiry/collections';
import type { StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import { useEffect, useMemo, useState } from 'react';
import type { InboxConnection } from '../api/connection';
import { watchWaiting } from '../api/enquiries';
import { responseWeeks, waitedTooLongBefore } from '../response-view';

/** How many of the longest-waiting enquiries the "waiting" list shows. */
export const WAITING_LIST_SIZE = 50;

type WaitingLists = Partial<Record<EnquiryCollection, StoredEnquiry[]>>;

/** The waiting list while it is `shown`: the filter's `collections`' longest-waiting enquiries, oldest first. */
export function useWaitingList(
  connection: InboxConnection,
  shown: boolean,
  collections: EnquiryCollection[],
  readFailed: (error: unknown) => void,
) {
  const [waitingLists, setWaitingLists] = useState<WaitingLists>({});

  // The waiting list: since last week's Monday, still without a first contact after an hour.
  useEffect(() => {
    if (!shown) return;
    const [lastWeek] = responseWeeks(new Date()).slice(-1);
    if (!lastWeek) return;
    const stops = ENQUIRY_COLLECTIONS.map((name) =>
      watchWaiting(
        connection,
        {
          collection: name,
          since: lastWeek.start,
          before: waitedTooLongBefore(new Date()),
          count: WAITING_LIST_SIZE,
        },
        (enquiries) => setWaitingLists((current) => ({ ...current, [name]: enquiries })),
        readFailed,
      ),
    );
    return () => {
      stops.forEach((stop) => stop());
      setWaitingLists({});
    };
  }, [connection, shown, readFailed]);

  const collectionsKey = collections.join(',');
  const waiting = useMemo(
    () =>
      collections
        .flatMap((name) => waitingLists[name] ?? [])
        .sort((a, b) => (a.receivedAt?.getTime() ?? 0) - (b.receivedAt?.getTime() ?? 0))
        .slice(0, WAITING_LIST_SIZE),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the collections
    [waitingLists, collectionsKey],
  );
  return { waiting, waitingLoaded: collections.every((name) => waitingLists[name]) };
}
