import type { InboxAddress } from '@contract/inbox/inbox-address';
import { enquiryKey, type StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import { useEffect, useState } from 'react';
import type { InboxConnection } from '../api/connection';
import { watchEnquiry } from '../api/enquiries';
import { firebaseErrorCode } from '../api/session';

type Opened =
  | { key: string; phase: 'loading' }
  | { key: string; phase: 'found'; enquiry: StoredEnquiry }
  | { key: string; phase: 'missing' }
  | { key: string; phase: 'failed'; message: string };

/**
 * The enquiry the address opens (`openKey`): what its listener has said so far, and the enquiry to
 * show (the copy among the `newest` until the listener has found it).
 */
export function useOpenEnquiry(
  connection: InboxConnection,
  address: InboxAddress,
  openKey: string | null,
  newest: StoredEnquiry[],
) {
  const [opened, setOpened] = useState<Opened | null>(null);

  // The open enquiry, live, whether or not the list has it (a link from an alert may be old).
  useEffect(() => {
    if (address.kind !== 'enquiry' || !openKey) return;
    return watchEnquiry(
      connection,
      address,
      (enquiry) =>
        setOpened(enquiry ? { key: openKey, phase: 'found', enquiry } : { key: openKey, phase: 'missing' }),
      (error) =>
        setOpened({
          key: openKey,
          phase: 'failed',
          message:
            firebaseErrorCode(error) === 'permission-denied'
              ? 'This enquiry cannot be read with this sign-in.'
              : 'This enquiry could not be loaded. Check the connection, then reload the page.',
        }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- openKey names the address's enquiry
  }, [connection, openKey]);

  // What the open enquiry's listener has said so far (nothing yet: it is loading).
  const openState: Opened | null = openKey
    ? opened?.key === openKey
      ? opened
      : { key: openKey, phase: 'loading' }
    : null;
  const openEnquiry =
    openState?.phase === 'found'
      ? openState.enquiry
      : (newest.find((enquiry) => enquiryKey(enquiry) === openKey) ?? null);
  return { openState, openEnquiry };
}
