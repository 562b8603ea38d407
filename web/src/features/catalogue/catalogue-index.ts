/** Finding products in the catalogue by URL slug or by the spec's category/product indexes. */
import { PRODUCT_SLUGS } from '@contract/base/catalogue';
import { categories } from '../../content/catalogue';
import { PRODUCT_DESCRIPTION_PATH } from '../../config/paths';
import type { Category, Product } from '../../content/types';

type Selection = { categoryIndex: number; productIndex: number };

export type CatalogueEntry = Selection & { category: Category; product: Product };

/** The spec's twelve: a count the layout fixes, which the browser's catalogue reveal also needs. */
export const TOTAL_PRODUCTS = PRODUCT_SLUGS.length;

/** With no prior pick, the first product of the first category (spec section 2). */
const DEFAULT_SELECTION: Selection = { categoryIndex: 0, productIndex: 0 };

function entryAt({ categoryIndex, productIndex }: Selection): CatalogueEntry | null {
  const category = categories()[categoryIndex];
  const product = category?.products[productIndex];
  return category && product ? { categoryIndex, productIndex, category, product } : null;
}

export function entryForSlug(slug: string): CatalogueEntry | null {
  for (const [categoryIndex, category] of categories().entries()) {
    const productIndex = category.products.findIndex((product) => product.slug === slug);
    if (productIndex >= 0) return entryAt({ categoryIndex, productIndex });
  }
  return null;
}

export const defaultEntry = (): CatalogueEntry => {
  const entry = entryAt(DEFAULT_SELECTION);
  if (!entry) throw new Error('The catalogue has no products.');
  return entry;
};

/**
 * The product a page shows, by the page's address: a product's own page, or the bare description
 * address (which shows the first product); null for any other page or an unknown product.
 */
export function entryShownAt(pathname: string): CatalogueEntry | null {
  if (pathname === PRODUCT_DESCRIPTION_PATH) return defaultEntry();
  const prefix = `${PRODUCT_DESCRIPTION_PATH}/`;
  return pathname.startsWith(prefix) ? entryForSlug(pathname.slice(prefix.length)) : null;
}
