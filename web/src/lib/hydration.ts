import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/** False while rendering at build time and while an island hydrates, true once it has taken over. */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
