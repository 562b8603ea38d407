/**
 * Nothing a visitor types is lost: each form keeps a draft in sessionStorage (this tab only,
 * gone when it closes), restored after a reload and cleared once the enquiry is sent.
 */
const DRAFT_PREFIX = 'sme:enquiry-draft:';

export function readDraft<T extends object>(
  key: string,
  fields: readonly (keyof T & string)[],
): Partial<T> | null {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_PREFIX + key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Record<string, unknown>;
    const draft: Partial<T> = {};
    for (const field of fields) {
      const value = stored[field];
      if (typeof value === 'string' || typeof value === 'boolean')
        (draft as Record<string, unknown>)[field] = value;
    }
    return draft;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: object | null): void {
  try {
    if (values) window.sessionStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(values));
    else window.sessionStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Full or blocked storage only costs the draft, never the enquiry.
  }
}
