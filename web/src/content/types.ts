/**
 * The shapes the pages read the site's copy in. The owner's part of it (products, ranges, trade
 * terms, contact details, questions, reviews) is content of one schema, edited in the Site part
 * (functions/src/contract/site/site-content.ts) and read through web/src/content/site-content.ts; the
 * layout's fixed texts are code beside it. The tests count what the spec counts from that data.
 */
import type { ImageKey } from '@contract/site/image-specs';
import type { FaqItem, ProductFacts, ProductPhoto, Testimonial } from '@contract/site/site-content';

/**
 * A picture in web/src/assets: art/<key>.svg, replaced by photos/<key>.{jpg,png,webp} when present.
 * One of the keys in functions/src/contract/site/image-specs.ts, so a misspelt key in the content fails the typecheck.
 */
export type { ImageKey };

/** The site's content types, as the owner's documents hold them (one schema, the contract's). */
export type { FaqItem, ProductFacts, Testimonial };

export type Product = {
  /** URL segment: /products/description/<slug>; also the image key. */
  slug: string;
  productName: string;
  productImage: ImageKey;
  productImageAlt: string;
  /** The card text on /products. */
  productShortDescription: string;
  facts: ProductFacts;
  /** The owner's photo, shown instead of the drawing; its description is productImageAlt. */
  photo: ProductPhoto | null;
};

/** What only the product's own page shows (product-details.ts, by slug). */
export type ProductDetails = {
  /** Rich text the owner wrote: paragraphs, line breaks, bold and links to this site (sanitised when rendered). */
  productDescription: string;
  productFaqs: FaqItem[];
};

export type Category = {
  slug: string;
  categoryTitle: string;
  categoryDescription: string;
  /** Shown in the home page's category overview. */
  categoryImage: ImageKey;
  categoryImageAlt: string;
  products: Product[];
};

export type WhyUsIcon = 'quality' | 'ethical' | 'sustainable' | 'durable' | 'variety' | 'reliable';

export type WhyUsPoint = {
  icon: WhyUsIcon;
  title: string;
  text: string;
};

type LegalSection = {
  heading: string;
  paragraphs: string[];
  /** Optional bullet list shown after the paragraphs. */
  list?: string[];
};

export type LegalDocument = {
  title: string;
  /** The day the text was last changed, YYYY-MM-DD; shown under the title as "Last updated 1 January 2025". */
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
};
