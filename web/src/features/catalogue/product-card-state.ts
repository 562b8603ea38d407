/**
 * A product card's two states (spec section 3: visible or hidden), shared by its markup
 * (product-card.tsx, rendered hidden) and the code that reveals it (catalogue-island.ts).
 */
export const CARD_CLASS = 'product-card';
/** `hidden` until the reveal schedule reaches the card, then `visible`. */
export const CARD_STATE_ATTRIBUTE = 'data-state';
/** Added once the card is shown and a tenth of it has been on screen: it fades in up (catalogue.css). */
export const CARD_ANIMATED_CLASS = 'visible';
