import { useSyncExternalStore } from 'react';

/**
 * Whether the prerendered page has been hydrated. Parts that defer their code while hydrating
 * (the enquiry form below the fold) load it at once when they mount after a client navigation.
 */
let hydrated = false;

export const isHydrated = () => hydrated;

export function markHydrated(): void {
  hydrated = true;
}

const subscribeToNothing = () => () => undefined;

/** False while rendering on the server and while hydrating, true once the page is interactive. */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
