/**
 * Where the inbox is: the filter in the address's query and the open enquiry in its path
 * (contract/inbox/inbox-address.ts), so a reload, a lost session or a shared link keeps both.
 */
import { enquiryInboxPath, INBOX_PATH, readInboxPath } from '@contract/inbox/inbox-address';
import { enquiryKey } from '@contract/enquiry/stored-enquiry';
import { useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { readFilter, writeFilter, type InboxFilter } from './inbox-model';

/** The filter in the address's query, the open enquiry in its path: a reload or a shared link keeps both. */
export function useInboxAddress() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const filter = useMemo(() => readFilter(search), [search]);
  const address = readInboxPath(location);
  const openKey = address.kind === 'enquiry' ? enquiryKey(address) : null;
  // Whether this page itself opened the enquiry from the list, so "back" can return there.
  const openedHere = useRef(false);
  return {
    filter,
    address,
    openKey,
    setFilter: (next: InboxFilter) => navigate(`${location}${writeFilter(next)}`, { replace: true }),
    open: (enquiry: { collection: string; id: string }) => {
      const path = `${enquiryInboxPath(enquiry)}${writeFilter(filter)}`;
      if (openKey) navigate(path, { replace: true });
      else {
        openedHere.current = true;
        navigate(path);
      }
    },
    close: () => {
      if (openedHere.current) {
        openedHere.current = false;
        window.history.back();
      } else navigate(`${INBOX_PATH}${writeFilter(filter)}`, { replace: true });
    },
  };
}
