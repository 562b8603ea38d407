/**
 * Every page's code (the boot script loads it once the first screen is painted). The page itself is
 * its prerendered HTML and is never rendered again: this wakes the page's islands in their time
 * (islands/wake-islands.ts), gives the menu and the FAQs their few lines of behaviour (answering a
 * press made before it arrived), remembers the product a visitor opened and where the visit began
 * (lib/first-touch.ts), and fetches the next
 * page when they reach for a link. No React
 * here: a page without islands never loads it.
 */
import { takePressedButton } from './app/boot/boot-page';
import { ISLAND_ATTRIBUTES } from './app/islands/islands';
import { enhanceSiteMenu } from './app/shell/site-menu';
import { productPath } from './config/paths';
import { followSelection } from './features/catalogue/selection-memory';
import { enhanceFaqs } from './features/faq/faq-toggle';
import { wakeIslands } from './app/islands/wake-islands';
import { prefetchOnIntent } from './lib/prefetch-on-intent';
import { recordFirstTouch } from './lib/first-touch';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/global.css';

// The visit's first page, referrer and utm_ parameters, for the enquiry it may lead to.
recordFirstTouch();
enhanceSiteMenu(document);
enhanceFaqs(document);
prefetchOnIntent(document);
// The bare description address gives way to the remembered product's page: nothing here wakes.
if (!followSelection(document, productPath)) {
  // A tap the page could not answer yet is answered now (an island's, once that island is awake).
  const pressed = takePressedButton();
  if (pressed && !pressed.closest(`[${ISLAND_ATTRIBUTES.name}]`)) pressed.click();
  void wakeIslands(document, { pressedBefore: pressed });
}
