import { describe, expect, it } from 'vitest';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from '../enquiry/collections';
import { newEnquiryId } from '../enquiry/enquiry-id';
import { enquiryInboxPath, readInboxPath } from './inbox-address';

describe("the inbox's addresses", () => {
  it('opens the enquiry an alert links to, in either form', () => {
    for (const collection of [ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION]) {
      const id = newEnquiryId();
      expect(readInboxPath(enquiryInboxPath({ collection, id }))).toEqual({
        kind: 'enquiry',
        collection,
        id,
      });
      expect(readInboxPath(`${enquiryInboxPath({ collection, id })}/`)).toMatchObject({ kind: 'enquiry' });
    }
  });

  it('is the list at /inbox', () => {
    expect(readInboxPath('/inbox')).toEqual({ kind: 'list' });
    expect(readInboxPath('/inbox/')).toEqual({ kind: 'list' });
  });

  it.each([
    '/inbox/SME-enquiry-form',
    '/inbox/SME-enquiry-form/abc',
    `/inbox/SME-orders/${'a'.repeat(20)}`,
    `/inbox/SME-enquiry-form/${'a'.repeat(20)}/more`,
    `/inbox/SME-enquiry-form/${'a'.repeat(19)}%`,
  ])('calls %s malformed: it names no enquiry the site could have stored', (path) => {
    expect(readInboxPath(path)).toEqual({ kind: 'malformed', path });
  });
});
