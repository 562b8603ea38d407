import { useEffect } from 'react';
import { TOTAL_PRODUCTS } from './catalogue-index';
import { ProductCatalogue } from './product-catalogue';
import { markAllCardsRevealed, useRevealSchedule } from '../../lib/reveal-schedule';
import { renderContent } from '../../content/site-content';
import { seedContent } from '../../content/seed-content';

// The island renders the whole catalogue again in the browser, from the seed its code carries: after
// a publish that changes the catalogue's words, /products shows the seed's once the island wakes.
// The catalogue without React (issue 34) ends this: its cards stay the page's HTML.
renderContent(seedContent);

/** The products page's catalogue as an island: its cards appear one by one from load. */
export default function CatalogueIsland() {
  const revealed = useRevealSchedule(TOTAL_PRODUCTS);
  useEffect(() => {
    if (revealed >= TOTAL_PRODUCTS) markAllCardsRevealed();
  }, [revealed]);
  return <ProductCatalogue revealed={revealed} />;
}
