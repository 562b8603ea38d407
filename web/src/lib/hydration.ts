import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/** False while rendering on the server and while hydrating, true once the page is interactive. */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
