/**
 * The sales inbox's addresses: `/inbox` lists the enquiries, `/inbox/<collection>/<id>` opens one
 * (the link in every WhatsApp alert). The functions write these links and the inbox reads them, so
 * both use this one definition.
 *
 * Part of the contract: imports only the contract.
 */
import { ENQUIRY_ID_PATTERN } from '../enquiry/enquiry';
import { ENQUIRY_COLLECTIONS, type EnquiryCollection } from '../enquiry/collections';

export const INBOX_PATH = '/inbox';

/** `/inbox/SME-enquiry-form/<id>`: the path that opens one enquiry's detail. */
export function enquiryInboxPath(enquiry: { collection: string; id: string }): string {
  return `${INBOX_PATH}/${encodeURIComponent(enquiry.collection)}/${encodeURIComponent(enquiry.id)}`;
}

export type InboxAddress =
  | { kind: 'list' }
  | { kind: 'enquiry'; collection: EnquiryCollection; id: string }
  /** Under /inbox but naming no enquiry the site could have stored: a link cut short or mistyped. */
  | { kind: 'malformed'; path: string };

/** What an address under /inbox asks for (a trailing slash is the same address). */
export function readInboxPath(pathname: string): InboxAddress {
  const path = pathname.replace(/\/+$/, '');
  if (path === INBOX_PATH) return { kind: 'list' };
  const rest = path.startsWith(`${INBOX_PATH}/`) ? path.slice(INBOX_PATH.length + 1).split('/') : [];
  if (rest.length === 2) {
    const [collection = '', id = ''] = rest.map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return '';
      }
    });
    if ((ENQUIRY_COLLECTIONS as readonly string[]).includes(collection) && ENQUIRY_ID_PATTERN.test(id))
      return { kind: 'enquiry', collection: collection as EnquiryCollection, id };
  }
  return { kind: 'malformed', path: pathname };
}
