/**
 * The inbox's "Find this buyer's data", for accounts that carry the `owner` claim beside `sales`
 * (`npm run sales -- grant-owner <email>`): find, export or erase one person (privacy.ts). The
 * function checks the claims and a revocation since sign-in itself; no rule lets a client near
 * what it touches.
 */
import { receivedAtOf } from '../contract/enquiry/stored-enquiry';
import type { Firestore } from 'firebase-admin/firestore';
import type { PrivacyCallRequest, PrivacyCallResult } from '../contract/inbox/privacy';
import { formatIndiaIso } from '../contract/base/india-time';
import {
  countsOf,
  eraseSubject,
  exportSubject,
  findSubject,
  PrivacyInputError,
  readSubject,
  recordRequest,
} from './privacy';
import { InboxError, requireOwner, verifiedEmail } from './caller';

import type { InboxCaller } from './caller';

const PRIVACY_REFUSALS = {
  signedOut: 'Sign in to answer a privacy request.',
  notOwner: "Only the owner's account can find, export or erase a buyer's data.",
  withdrawn: "This account's access to enquiries was withdrawn.",
};

export async function answerPrivacyRequest(
  /** `hashKey`: the PRIVACY_HASH_KEY secret, for the request's record (privacy.ts). */
  deps: { db: Firestore; clock: () => Date; hashKey: string },
  caller: InboxCaller,
  data: unknown,
): Promise<PrivacyCallResult> {
  const owner = await requireOwner(deps.db, caller, PRIVACY_REFUSALS);
  const request = (data ?? {}) as Partial<PrivacyCallRequest>;
  if (
    !['find', 'export', 'erase'].includes(String(request.action)) ||
    !['email', 'phone'].includes(String(request.kind))
  )
    throw new InboxError('invalid-argument', 'Say find, export or erase, by email or by phone.');
  let subject;
  try {
    subject = readSubject(request.kind as 'email' | 'phone', String(request.value ?? ''));
  } catch (error) {
    if (error instanceof PrivacyInputError) throw new InboxError('invalid-argument', error.message);
    throw error;
  }
  const now = deps.clock();
  const by = verifiedEmail(owner) ?? owner.uid;
  const found = await findSubject(deps.db, subject, String(request.value));
  const counts = countsOf(found);
  const enquiries = found.enquiries.map((enquiry) => {
    const receivedAt = receivedAtOf(enquiry.data);
    return {
      collection: enquiry.collection,
      id: enquiry.id,
      name: typeof enquiry.data.name === 'string' ? enquiry.data.name : '',
      receivedAt: receivedAt ? formatIndiaIso(receivedAt) : null,
    };
  });
  if (request.action === 'erase' && counts.enquiries > 0) {
    const result = await eraseSubject(deps, found, by, now);
    return {
      counts,
      enquiries,
      deleted: result.deleted,
      notDeleted: result.notDeleted,
      requestId: result.requestId,
    };
  }
  await recordRequest(
    deps,
    request.action === 'export' ? 'export' : request.action === 'erase' ? 'erase' : 'find',
    found,
    by,
    now,
  );
  if (request.action === 'export') return { counts, enquiries, ...exportSubject(found, now) };
  return { counts, enquiries };
}
