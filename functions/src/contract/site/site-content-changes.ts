/**
 * What a publish changes, in words the owner reads in the Site part's history and in the release's
 * message on Hosting: "Machine Weft · Sold as: “100 g bundle” → “Bundle of 100 g”".
 *
 * Part of the contract: imports only the contract.
 */
import { isRecord } from '../base/records';
import { richTextWords } from './rich-text';
import { fieldLabel, sectionTitle } from './site-content-checks';
import { SECTION_IDS, sectionKind, type SectionId } from './site-content';

/** Longer values are named, not quoted. */
const QUOTE_UP_TO = 60;
/** A history entry lists this many changes, then how many more. */
export const CHANGES_LISTED = 25;

/** Every leaf of a value by its dotted path; a list counts as a leaf too (its length). */
function leaves(value: unknown, path = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) {
    into.set(`${path}#`, value.length);
    value.forEach((item, index) => leaves(item, path ? `${path}.${index}` : String(index), into));
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) leaves(item, path ? `${path}.${key}` : key, into);
  } else into.set(path, value);
  return into;
}

const shown = (value: unknown, field: string) => {
  const text = field === 'description' && typeof value === 'string' ? richTextWords(value) : value;
  return typeof text === 'string' ? `“${text}”` : String(text);
};

function sectionChanges(id: SectionId, before: unknown, after: unknown): string[] {
  const title = sectionTitle(id, after ?? before);
  if (before === undefined) return [`${title}: added`];
  const old = leaves(before);
  const now = leaves(after);
  const lines: string[] = [];
  const photoBefore = isRecord(before) ? before.photo : undefined;
  const photoAfter = isRecord(after) ? after.photo : undefined;
  if (
    sectionKind(id) === 'product' &&
    (isRecord(photoBefore) ? photoBefore.id : null) !== (isRecord(photoAfter) ? photoAfter.id : null)
  )
    lines.push(`${title} · ${photoAfter ? 'new photo' : 'photo removed, the drawing is back'}`);
  for (const path of new Set([...old.keys(), ...now.keys()])) {
    const was = old.get(path);
    const is = now.get(path);
    if (was === is || path === 'photo' || path === 'photo.id') continue;
    if (path.endsWith('#')) {
      lines.push(`${title} · ${fieldLabel(id, path.slice(0, -1))}: ${String(was ?? 0)} → ${String(is ?? 0)}`);
      continue;
    }
    const label = `${title} · ${fieldLabel(id, path)}`;
    if (was === undefined || is === undefined) {
      if (!/^\w+\.\d+\./.test(path))
        lines.push(`${label}: ${is === undefined ? 'removed' : `set to ${shown(is, path)}`}`);
      continue;
    }
    const long = [was, is].some((value) => String(value).length > QUOTE_UP_TO) || path === 'description';
    lines.push(long ? `${label}: rewritten` : `${label}: ${shown(was, path)} → ${shown(is, path)}`);
  }
  return lines;
}

/**
 * The changes from the content live now to the content a publish releases, section by section in
 * the editor's order; `before` null is the first publish (everything is new to the record).
 */
export function describeChanges(
  before: Partial<Record<SectionId, unknown>> | null,
  after: Partial<Record<SectionId, unknown>>,
): string[] {
  if (!before) return ['First publish from the Site part: every page rendered from the saved content'];
  return SECTION_IDS.flatMap((id) =>
    after[id] === undefined ? [] : sectionChanges(id, before[id], after[id]),
  );
}

/** The changes as the history and the release message show them: the first ones, then how many more. */
export function changeSummary(changes: string[]): string[] {
  if (changes.length <= CHANGES_LISTED) return changes;
  return [...changes.slice(0, CHANGES_LISTED), `and ${changes.length - CHANGES_LISTED} more changes`];
}
