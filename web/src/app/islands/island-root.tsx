import { useEffect, type ReactNode } from 'react';

/**
 * Every island's root, at build time and in the browser alike (so both render the same tree):
 * it renders nothing of its own and tells the browser's runtime once the island below it has
 * taken over, its effects included.
 */
export function IslandRoot({ onAwake, children }: { onAwake?: () => void; children: ReactNode }) {
  useEffect(() => onAwake?.(), [onAwake]);
  return children;
}
