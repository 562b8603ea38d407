/**
 * Where the inbox is: the filter in the address's query and the open enquiry in its path
 * (contract/inbox-address.ts), so a reload, a lost session or a shared link keeps both; and what
 * an address that names no enquiry says.
 */
import { enquiryInboxPath, INBOX_PATH, readInboxPath } from '@contract/inbox-address';
import type { PrivacyCallResult } from '@contract/privacy';
import { useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { describeCounts } from './buyer-data';
import { readFilter, writeFilter, type InboxFilter } from './inbox-model';

/** The filter in the address's query, the open enquiry in its path: a reload or a shared link keeps both. */
export function useInboxAddress() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const filter = useMemo(() => readFilter(search), [search]);
  const address = readInboxPath(location);
  const openKey = address.kind === 'enquiry' ? `${address.collection}/${address.id}` : null;
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

/** What an address under /inbox shows when it names no enquiry that can be shown. */
export function AddressNotice({
  kind,
  failure,
  erasure,
  onClose,
}: {
  kind: 'malformed' | 'loading' | 'missing' | 'failed' | 'found';
  failure: string | null;
  erasure: PrivacyCallResult | null;
  onClose: () => void;
}) {
  const back = (
    <button type="button" className="button button--outline" onClick={onClose}>
      Back to the list
    </button>
  );
  if (kind === 'loading' || kind === 'found')
    return (
      <p className="inbox-notice" role="status">
        Opening the enquiry…
      </p>
    );
  const [title, text] =
    kind === 'malformed'
      ? [
          'This link does not name an enquiry',
          'It may have been cut short when it was copied. Open the enquiry from the list, or from the alert again.',
        ]
      : kind === 'failed'
        ? ['This enquiry could not be shown', failure ?? '']
        : erasure
          ? [
              'The buyer’s data is erased',
              `Erased ${describeCounts(erasure.deleted ?? erasure.counts)}. This enquiry is no longer stored.`,
            ]
          : [
              'No enquiry is stored at this address',
              'It may have been erased at the buyer’s request, or removed after its retention period. Check the list for the buyer’s name.',
            ];
  return (
    <div className="inbox-missing" role="alert">
      <h2 className="inbox-missing__title">{title}</h2>
      <p>{text}</p>
      {erasure?.notDeleted && erasure.notDeleted.length > 0 && (
        <ul className="inbox-privacy__manual">
          {erasure.notDeleted.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {back}
    </div>
  );
}
