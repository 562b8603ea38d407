import type { ReactNode } from 'react';

/**
 * Every React island's root at build time: one component around the island that renders nothing
 * of its own. The browser hydrates the island under its twin (made in wake-islands.ts from the
 * React it loads, so that no chunk of its own is fetched for it), which has the same shape, so
 * both render the same tree, useId's ids included, and which says when the island has taken over.
 */
export function IslandRoot({ children }: { children: ReactNode }) {
  return children;
}
