/** The inbox's callable functions: resending an enquiry's sales email, and the owner's privacy requests. */
import { PRIVACY_FUNCTION, type PrivacyCallRequest, type PrivacyCallResult } from '@contract/inbox/privacy';
import { RESEND_FUNCTION, type ResendRequest, type ResendResult } from '@contract/inbox/resend';
import type { InboxConnection } from './connection';

/** Calls one of the inbox's callable functions (each checks the caller's claims itself). */
async function callFunction<Request, Result>(
  { functions, callables }: InboxConnection,
  name: string,
  request: Request,
): Promise<Result> {
  return (await functions.httpsCallable<Request, Result>(callables, name)(request)).data;
}

export function resendEmail(connection: InboxConnection, request: ResendRequest): Promise<ResendResult> {
  return callFunction(connection, RESEND_FUNCTION, request);
}

/** The owner's "Find this buyer's data": find, export or erase one person (the function checks the claim). */
export function askPrivacy(
  connection: InboxConnection,
  request: PrivacyCallRequest,
): Promise<PrivacyCallResult> {
  return callFunction(connection, PRIVACY_FUNCTION, request);
}
