import { useEffect, useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/** False while rendering on the server and while hydrating, true once the page is interactive. */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** Set on <html> while the current page is hydrated and its effects have run. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * Marks the page interactive for anyone who needs to know without reading React's internals (the
 * browser tests wait on it). Render it after the page, inside the page's Suspense boundary: its
 * effect runs once that boundary has hydrated (or rendered, after a navigation) and the page's own
 * effects have run; the mark goes when the page does.
 */
export function useHydratedMark(): void {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    return () => document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
  }, []);
}
