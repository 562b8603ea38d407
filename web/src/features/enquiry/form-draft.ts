/**
 * Nothing a visitor types is lost: each form keeps a draft in sessionStorage (this tab only, gone
 * when it closes), restored after a reload and cleared once the enquiry is sent. The draft also
 * keeps the document ID chosen for the submission, so a retry after a reload still writes the
 * same document.
 */
export const DRAFT_PREFIX = 'sme:enquiry-draft:';

export type DraftValue = string | boolean;

export type Draft = {
  values: Record<string, DraftValue>;
  /** The ID of a submission already attempted, whose outcome may be unknown. */
  enquiryId: string | null;
  /** The last attempt failed: the visitor is told again after the page comes back. */
  submitFailed: boolean;
};

/** Which draft a form placement keeps: one per variant and placement id. */
export const draftKeyFor = (short: boolean, placementId: string) =>
  `${short ? 'short' : 'full'}:${placementId}`;

/** The stored draft's values for `fields`, its ID and its failure flag; null when there is none. */
export function readDraft(key: string, fields: readonly string[]): Draft | null {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_PREFIX + key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Record<string, unknown>;
    // Drafts written before IDs existed held the values at the top level.
    const source = (stored.values && typeof stored.values === 'object' ? stored.values : stored) as Record<
      string,
      unknown
    >;
    const values: Record<string, DraftValue> = {};
    for (const field of fields) {
      const value = source[field];
      if (typeof value === 'string' || typeof value === 'boolean') values[field] = value;
    }
    return {
      values,
      enquiryId: typeof stored.enquiryId === 'string' ? stored.enquiryId : null,
      submitFailed: stored.submitFailed === true,
    };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: Draft | null): void {
  try {
    if (draft) window.sessionStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(draft));
    else window.sessionStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Full or blocked storage only costs the draft, never the enquiry.
  }
}
