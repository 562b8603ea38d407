/**
 * The catalogue of the spec: which categories and products there are, in order, and their
 * addresses. The owner's content (site/) says what each one is; a buyer's request lines
 * (enquiry/) name them. Fixed in code: the owner never adds or removes a product.
 */
/** The catalogue of the spec (section 1): each category's address and its products' addresses, in order. */
export const CATALOGUE_LAYOUT = [
  {
    slug: 'raw-temple-hair',
    products: ['raw-hair-10-18-inch', 'raw-hair-19-26-inch', 'raw-hair-27-inch-plus'],
  },
  {
    slug: 'remy-hair-extensions',
    products: ['machine-weft', 'single-drawn-bulk-hair', 'i-tip-extensions', 'hand-tied-weft'],
  },
  {
    slug: 'ready-to-wear-extensions',
    products: [
      '3-clip-in-extensions',
      '5-clip-in-extensions',
      'back-clip-ponytail',
      'single-clip-in-extension',
      'traditional-braid-extension',
    ],
  },
] as const;

export type CategorySlug = (typeof CATALOGUE_LAYOUT)[number]['slug'];
export type ProductSlug = (typeof CATALOGUE_LAYOUT)[number]['products'][number];
export const PRODUCT_SLUGS: readonly ProductSlug[] = CATALOGUE_LAYOUT.flatMap(
  (category) => category.products,
);
export const CATEGORY_SLUGS: readonly CategorySlug[] = CATALOGUE_LAYOUT.map((category) => category.slug);
