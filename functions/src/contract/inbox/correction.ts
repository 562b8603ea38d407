/**
 * Correcting what a buyer sent, from the sales inbox, when the buyer reports a typo: only their
 * name, email, phone or city (the popup has no city), only to values the enquiry contract accepts,
 * and only with an entry in the follow-up history (contract/inbox/follow-up.ts). firestore.rules holds
 * the same line by hand; tests/rules proves it.
 *
 * Part of the contract: imports only the contract.
 */
import { FIELDS_BY_COLLECTION, checkField, fieldMessage, prepareInput } from '../enquiry/enquiry';
import { INDIA } from '../enquiry/phone';
import { phoneProblem, preparePhone } from '../enquiry/phone-plans';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION, type EnquiryCollection } from '../enquiry/collections';

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

/** The correction form's country part: which country the phone as typed belongs to (stored nowhere). */
export const CORRECTION_COUNTRY_FIELD = 'country';

/**
 * What a correction form's values change on an enquiry: each value prepared as the site's forms
 * prepare what a visitor types (a phone for the country chosen beside it, trimmed text), compared
 * with what is stored, and checked against the contract (a phone abroad against its country's
 * plan too).
 */
export function readCorrection(
  collection: EnquiryCollection,
  stored: Record<string, unknown>,
  typed: Record<string, string>,
): Correction {
  const country = typed[CORRECTION_COUNTRY_FIELD] || INDIA;
  const changes: Record<string, string> = {};
  const problems: Record<string, string> = {};
  for (const field of CORRECTABLE_FIELDS[collection]) {
    const raw = typed[field];
    const rule = FIELDS_BY_COLLECTION[collection][field];
    if (raw === undefined || !rule) continue;
    const phone = field === 'phone';
    const value = phone ? preparePhone(raw, country) : prepareInput(field, raw);
    if (value === stored[field]) continue;
    const problem = checkField(rule, value);
    const phoneMessage = phone ? phoneProblem(value, country) : null;
    if (problem) problems[field] = phone && phoneMessage ? phoneMessage : fieldMessage(rule, problem);
    else if (phoneMessage) problems[field] = phoneMessage;
    else changes[field] = value;
  }
  return { changes, problems };
}
