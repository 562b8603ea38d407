/**
 * A full form's request lines as typed (request-lines-part.tsx), kept beside its draft
 * (form-draft.ts) so a reload brings them back. A module of its own: form-draft.ts is in every
 * page's code (a page keeps what was typed before its form woke), the lines only in the form's.
 */
import { DRAFT_PREFIX } from './form-draft';

export type LinesDraft = {
  product: string;
  length: string;
  quantity: string;
  unit: string;
  samples: boolean;
}[];

const isTypedLine = (value: unknown): value is LinesDraft[number] => {
  if (!value || typeof value !== 'object') return false;
  const line = value as Record<string, unknown>;
  return (
    ['product', 'length', 'quantity', 'unit'].every((part) => typeof line[part] === 'string') &&
    typeof line.samples === 'boolean'
  );
};

/** The lines kept for this form, or none (never more than a form can hold). */
export function readLinesDraft(key: string, maxLines: number): LinesDraft {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(`${DRAFT_PREFIX}${key}:lines`) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isTypedLine).slice(0, maxLines) : [];
  } catch {
    return [];
  }
}

export function writeLinesDraft(key: string, lines: LinesDraft): void {
  try {
    if (lines.length === 0) window.sessionStorage.removeItem(`${DRAFT_PREFIX}${key}:lines`);
    else
      window.sessionStorage.setItem(
        `${DRAFT_PREFIX}${key}:lines`,
        JSON.stringify(
          lines.map(({ product, length, quantity, unit, samples }) => ({
            product,
            length,
            quantity,
            unit,
            samples,
          })),
        ),
      );
  } catch {
    // Full or blocked storage only costs the draft, never the enquiry.
  }
}
