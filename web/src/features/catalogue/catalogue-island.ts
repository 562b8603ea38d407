/**
 * The products page's catalogue as a DOM island (spec sections 2, 4 and 9): its cards, prerendered
 * hidden, appear one by one in catalogue order, CARD_REVEAL_DELAY_MS apart, from the moment it
 * wakes (at load); each fades in once it has appeared and a tenth of it has been on screen. No React:
 * the cards are the page's own markup (product-catalogue.tsx), this only changes their state.
 */
import { markAllCardsRevealed, onScrollIn, revealOneByOne } from '../../lib/reveal-schedule';
import { CARD_ANIMATED_CLASS, CARD_CLASS, CARD_STATE_ATTRIBUTE } from './product-card-state';

export function wake(element: HTMLElement): void {
  const cards = Array.from(element.querySelectorAll<HTMLElement>(`.${CARD_CLASS}`));
  const shown = new Set<Element>();
  const seen = new Set<Element>();
  const animate = (card: Element) => {
    if (shown.has(card) && seen.has(card)) card.classList.add(CARD_ANIMATED_CLASS);
  };
  onScrollIn(cards, (card) => {
    seen.add(card);
    animate(card);
  });
  revealOneByOne(
    cards,
    (card) => {
      shown.add(card);
      card.setAttribute(CARD_STATE_ATTRIBUTE, 'visible');
      animate(card);
    },
    markAllCardsRevealed,
  );
}
