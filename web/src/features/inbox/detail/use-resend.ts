import { enquiryKey, type StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import { useCallback, useRef } from 'react';
import { resendEmail } from '../api/callables';
import type { InboxConnection } from '../api/connection';
import { firebaseErrorCode } from '../api/session';
import { resendFailure } from '../inbox-model';

/** "Resend email": resolves with when the sales email was sent again, rejects with why it was not. */
export function useResend(connection: InboxConnection): (enquiry: StoredEnquiry) => Promise<Date> {
  const resendRequests = useRef(new Map<string, string>());
  return useCallback(
    async (enquiry: StoredEnquiry) => {
      // One request id per click until its answer arrives: a click repeated after a lost
      // answer asks again for the same email, which the function never sends twice.
      const key = enquiryKey(enquiry);
      const requestId = resendRequests.current.get(key) ?? crypto.randomUUID();
      resendRequests.current.set(key, requestId);
      try {
        const result = await resendEmail(connection, {
          collection: enquiry.collection,
          enquiryId: enquiry.id,
          requestId,
        });
        resendRequests.current.delete(key);
        return new Date(result.sentAt);
      } catch (error) {
        const failure = resendFailure(
          firebaseErrorCode(error),
          error instanceof Error ? error.message : String(error),
        );
        if (failure.definite) resendRequests.current.delete(key);
        throw new Error(failure.message);
      }
    },
    [connection],
  );
}
