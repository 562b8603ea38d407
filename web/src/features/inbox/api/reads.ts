/**
 * Documents the inbox has read since the page opened, counted as Firestore bills them: every
 * document a query or a listener returns (and each one a listener sees change), one for a query
 * that finds nothing, one for a single document, one per 1,000 entries a count goes through.
 * `npm run bench:load` reads it from the page (`window.inboxDocumentsRead`).
 */
import type { QuerySnapshot } from 'firebase/firestore';

let documentsRead = 0;

export function countReads(documents: number): void {
  documentsRead += documents;
  (globalThis as { inboxDocumentsRead?: number }).inboxDocumentsRead = documentsRead;
}

const COUNT_ENTRIES_PER_READ = 1000;

/** What a count query cost: one read per 1,000 entries it went through, and at least one. */
export function countAggregationReads(count: number): void {
  countReads(Math.max(1, Math.ceil(count / COUNT_ENTRIES_PER_READ)));
}

/** What a listener's snapshot cost: every document at first (one when none), then each one added or changed. */
export function countSnapshotReads(snapshot: QuerySnapshot, first: boolean): void {
  if (snapshot.metadata.fromCache) return;
  const changed = snapshot.docChanges().filter((change) => change.type !== 'removed').length;
  countReads(first ? Math.max(1, snapshot.size) : changed);
}
