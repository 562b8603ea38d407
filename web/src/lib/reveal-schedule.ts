/**
 * When the product cards appear (spec section 9): the catalogue reveals them on this schedule and the
 * promotional popup waits for its end, so both features take it from here.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

/** Each product card appears this long after the previous one (spec section 9). */
export const CARD_REVEAL_DELAY_MS = 800;
/** Share of a card that must be on screen before its scroll-in animation runs. */
export const SCROLL_IN_THRESHOLD = 0.1;

/**
 * How many cards, in catalogue order, have been revealed so far: the first at once, then one every
 * CARD_REVEAL_DELAY_MS. Visitors who prefer reduced motion get them all at once.
 */
export function useRevealSchedule(total: number, delayMs = CARD_REVEAL_DELAY_MS): number {
  const [revealed, setRevealed] = useState(0);
  useEffect(() => {
    const step = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 0 : delayMs;
    const timers = Array.from({ length: total }, (_, index) =>
      window.setTimeout(() => setRevealed((count) => Math.max(count, index + 1)), index * step),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [total, delayMs]);
  return revealed;
}

/** Adds the element to `seen` once at least SCROLL_IN_THRESHOLD of it has been on screen. */
export function useScrollIn(container: React.RefObject<HTMLElement | null>, selector: string): Set<string> {
  const [seen, setSeen] = useState<Set<string>>(() => new Set());
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const newlySeen = entries
          .filter((entry) => entry.isIntersecting)
          .map((entry) => entry.target as HTMLElement);
        if (!newlySeen.length) return;
        newlySeen.forEach((element) => observer.unobserve(element));
        setSeen(
          (previous) => new Set([...previous, ...newlySeen.map((element) => element.dataset.key ?? '')]),
        );
      },
      { threshold: SCROLL_IN_THRESHOLD },
    );
    root.querySelectorAll<HTMLElement>(selector).forEach((element) => observer.observe(element));
    return () => observer.disconnect();
  }, [container, selector]);
  return seen;
}

/**
 * Whether the catalogue has shown its last card: the catalogue island says so, the popup island
 * (another root on the same page) waits for it.
 */
let allCardsRevealed = false;
const revealWatchers = new Set<() => void>();

export function markAllCardsRevealed(): void {
  if (allCardsRevealed) return;
  allCardsRevealed = true;
  revealWatchers.forEach((watcher) => watcher());
}

const watchReveal = (watcher: () => void) => {
  revealWatchers.add(watcher);
  return () => void revealWatchers.delete(watcher);
};

export function useAllCardsRevealed(): boolean {
  return useSyncExternalStore(
    watchReveal,
    () => allCardsRevealed,
    () => false,
  );
}
