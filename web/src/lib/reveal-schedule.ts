/**
 * When the product cards appear (spec sections 4 and 9): the catalogue reveals them on this schedule
 * and the promotional popup waits for its end, so both features take it from here. Plain DOM and
 * timers: the products page runs it without React.
 */

/** Each product card appears this long after the previous one (spec section 9). */
export const CARD_REVEAL_DELAY_MS = 800;
/** Share of a card that must be on screen before its scroll-in animation runs. */
export const SCROLL_IN_THRESHOLD = 0.1;

/**
 * Reveals the items in order: the first at once (on the next turn of the event loop), then one
 * every `delayMs`; `done` runs with the last. Visitors who prefer reduced motion get them all at once.
 */
export function revealOneByOne<T>(
  items: readonly T[],
  reveal: (item: T) => void,
  done: () => void,
  delayMs = CARD_REVEAL_DELAY_MS,
): void {
  const step = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 0 : delayMs;
  if (!items.length) done();
  items.forEach((item, index) =>
    window.setTimeout(() => {
      reveal(item);
      if (index === items.length - 1) done();
    }, index * step),
  );
}

/** Calls `seen` once for each element, when at least SCROLL_IN_THRESHOLD of it has been on screen. */
export function onScrollIn(elements: readonly Element[], seen: (element: Element) => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        seen(entry.target);
      }
    },
    { threshold: SCROLL_IN_THRESHOLD },
  );
  elements.forEach((element) => observer.observe(element));
}

/**
 * Whether the catalogue has shown its last card: the catalogue island says so, the popup island
 * (another island on the same page, sharing this module) waits for it.
 */
let allCardsRevealed = false;
const revealWatchers = new Set<() => void>();

export function markAllCardsRevealed(): void {
  if (allCardsRevealed) return;
  allCardsRevealed = true;
  revealWatchers.forEach((watcher) => watcher());
  revealWatchers.clear();
}

/** Runs `watcher` once the last card is shown: at once if it already is. */
export function whenAllCardsRevealed(watcher: () => void): void {
  if (allCardsRevealed) watcher();
  else revealWatchers.add(watcher);
}
