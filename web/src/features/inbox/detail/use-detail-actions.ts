import { contactKeysOf } from '@contract/enquiry/contact-keys';
import type { PrivacyCallResult } from '@contract/inbox/privacy';
import { enquiryText, type StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import { useState } from 'react';
import { askPrivacy } from '../api/callables';
import type { InboxConnection } from '../api/connection';
import { fetchBuyerEnquiries } from '../api/enquiries';
import { recordFirstContact, saveCorrection, saveFollowUp } from '../api/follow-up';
import type { InboxUser } from '../api/session';
import type { DetailActions } from './enquiry-detail';
import { useResend } from './use-resend';

/**
 * What an open enquiry's detail can do, bound to the connection and the signed-in account, and the
 * last erasure an owner made (the notice says what went once the enquiry is gone).
 */
export function useDetailActions(connection: InboxConnection, user: InboxUser) {
  const [erasure, setErasure] = useState<PrivacyCallResult | null>(null);
  const resend = useResend(connection);

  function actionsFor(enquiry: StoredEnquiry): DetailActions {
    const ref = { collection: enquiry.collection, id: enquiry.id };
    return {
      saveFollowUp: (followUp, basedOnVersion) =>
        saveFollowUp(connection, user, ref, followUp, basedOnVersion),
      recordFirstContact: () => recordFirstContact(connection, user, ref),
      saveCorrection: (changes, basedOnVersion) =>
        saveCorrection(connection, user, ref, changes, basedOnVersion),
      findBuyerEnquiries: () =>
        fetchBuyerEnquiries(connection, contactKeysOf(enquiry.data), enquiryText(enquiry, 'email')),
      resend: () => resend(enquiry),
      askPrivacy: user.isOwner
        ? async (request) => {
            const result = await askPrivacy(connection, request);
            if (request.action === 'erase') setErasure(result);
            return result;
          }
        : null,
    };
  }

  return { actionsFor, erasure };
}
