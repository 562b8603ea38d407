import { useEffect } from 'react';
import { TOTAL_PRODUCTS } from './catalogue-index';
import { ProductCatalogue } from './product-catalogue';
import { markAllCardsRevealed, useRevealSchedule } from '../../lib/reveal-schedule';

/** The products page's catalogue as an island: its cards appear one by one from load. */
export default function CatalogueIsland() {
  const revealed = useRevealSchedule(TOTAL_PRODUCTS);
  useEffect(() => {
    if (revealed >= TOTAL_PRODUCTS) markAllCardsRevealed();
  }, [revealed]);
  return <ProductCatalogue revealed={revealed} />;
}
