/**
 * The product range as the pages show it: three categories, twelve products, in the order the spec
 * lists them (the contract's CATALOGUE_LAYOUT), with what the owner wrote for each in the Site part
 * (site-content.ts). Slugs are URLs and artwork keys (web/src/assets/art/<slug>.svg).
 */
import { PRODUCT_FACT_LABELS } from '@contract/site/site-content';
import { siteContent } from './site-content';
import type { Category } from './types';

/** The facts table's row labels, in the order shown. */
export const productFactLabels = PRODUCT_FACT_LABELS;

/** The catalogue of the content being rendered. */
export function categories(): Category[] {
  return siteContent().categories.map((category) => ({
    slug: category.slug,
    categoryTitle: category.title,
    categoryDescription: category.description,
    categoryImage: `category-${category.slug}`,
    categoryImageAlt: category.imageAlt,
    products: category.products.map((product) => ({
      slug: product.slug,
      productName: product.name,
      productImage: product.slug,
      productImageAlt: product.photo ? product.photo.alt : product.imageAlt,
      productShortDescription: product.shortDescription,
      facts: product.facts,
      photo: product.photo,
    })),
  }));
}
