/**
 * The "Resend email" button of the sales inbox and the callable function behind it: its name,
 * what it takes and what it answers. Shared by the inbox and the functions.
 */
import type { EnquiryCollection } from '../enquiry/collections';

export const RESEND_FUNCTION = 'resendEnquiryEmail';

/**
 * `requestId` is chosen once per click: the same click retried (a lost answer) sends nothing
 * more, and each new click is one more email.
 */
export type ResendRequest = { collection: EnquiryCollection; enquiryId: string; requestId: string };

export type ResendResult = { messageId: string; sentAt: string; repeated: boolean };

export const RESEND_REQUEST_ID_PATTERN = /^[A-Za-z0-9-]{16,64}$/;
