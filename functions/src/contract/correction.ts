/**
 * Correcting what a buyer sent, from the sales inbox, when the buyer reports a typo: only their
 * name, email, phone or city (the popup has no city), only to values the enquiry contract accepts,
 * and only with an entry in the follow-up history (contract/follow-up.ts). firestore.rules holds
 * the same line by hand; tests/rules proves it.
 *
 * Part of the contract: imports only the contract.
 */
import { FIELDS_BY_COLLECTION, checkField, fieldMessage, prepareInput } from './enquiry';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION, type EnquiryCollection } from './collections';

export const CORRECTABLE_FIELDS: Record<EnquiryCollection, readonly string[]> = {
  [ENQUIRY_COLLECTION]: ['name', 'email', 'phone', 'city'],
  [POPUP_ENQUIRY_COLLECTION]: ['name', 'email', 'phone'],
};

type Correction = {
  /** The fields that change, with their new values as the document will store them. */
  changes: Record<string, string>;
  /** Field name → the message to show beside it; empty when every value is acceptable. */
  problems: Record<string, string>;
};

/**
 * What a correction form's values change on an enquiry: each value prepared as the site's forms
 * prepare what a visitor types (a phone's ten digits, trimmed text), compared with what is stored,
 * and checked against the contract.
 */
export function readCorrection(
  collection: EnquiryCollection,
  stored: Record<string, unknown>,
  typed: Record<string, string>,
): Correction {
  const changes: Record<string, string> = {};
  const problems: Record<string, string> = {};
  for (const field of CORRECTABLE_FIELDS[collection]) {
    const raw = typed[field];
    const rule = FIELDS_BY_COLLECTION[collection][field];
    if (raw === undefined || !rule) continue;
    const value = prepareInput(field, raw);
    if (value === stored[field]) continue;
    const problem = checkField(rule, value);
    if (problem) problems[field] = fieldMessage(rule, problem);
    else changes[field] = value;
  }
  return { changes, problems };
}
