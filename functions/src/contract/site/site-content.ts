/**
 * The site's content as data: what the owner changes from the inbox's Site part, what the build
 * and a publish render, and what the rules' tests write. One shape for all of them.
 *
 * The content is kept in sections, one Firestore document each (`site-drafts/<section id>`), so two
 * owners editing two products never meet, and two editing the same one get a conflict (each save
 * names the version it started from, as follow-ups do). The catalogue's layout (three categories,
 * twelve products, their order and their addresses) is the spec's and stays here, in code; the
 * owner changes what each product says, never which products there are.
 *
 * Part of the contract: imports only the contract.
 */
import { imageSpecs } from './image-specs';
import {
  CATALOGUE_LAYOUT,
  CATEGORY_SLUGS,
  PRODUCT_SLUGS,
  type CategorySlug,
  type ProductSlug,
} from '../base/catalogue';

/** Spec section 9: the counts the site shows. */
export const GENERAL_FAQ_COUNT = 13;
export const TESTIMONIAL_COUNT = 4;
export const TESTIMONIAL_STARS = 5;

export type FaqItem = { question: string; answer: string };

/** What a buyer compares before writing: a small table on the product's card and page. */
export type ProductFacts = {
  /** The length range, e.g. "10–18 inch". */
  length: string;
  textureAndColour: string;
  /** What one unit is: a bundle weight, a strand, a piece. */
  unit: string;
  /** How it is packed and shipped. */
  packing: string;
};

/** The facts table's row labels, in the order shown. */
export const PRODUCT_FACT_LABELS: Record<keyof ProductFacts, string> = {
  length: 'Length',
  textureAndColour: 'Texture & colour',
  unit: 'Sold as',
  packing: 'Packing',
};

/**
 * A photo the owner uploaded (site/photos.ts takes it in): its ID names its files (`/assets/photos/<id>-<width>.<format>`,
 * content-addressed, so a page never shows yesterday's photo under today's name), and its
 * description is what a buyer who cannot see it hears.
 */
export type ProductPhoto = { id: string; alt: string };

export type ProductContent = {
  name: string;
  /** The card text on /products (one or two sentences). */
  shortDescription: string;
  /** Rich text (rich-text.ts): paragraphs, line breaks, bold and links to this site, nothing else. */
  description: string;
  facts: ProductFacts;
  faqs: FaqItem[];
  /** What the drawing shows, for a product without a photo yet. */
  imageAlt: string;
  /** The owner's photo, shown instead of the drawing; null until there is one. */
  photo: ProductPhoto | null;
};

export type CategoryContent = {
  title: string;
  description: string;
  /** What the category's drawing on the home page shows. */
  imageAlt: string;
};

/** Trade terms ship to these; each is the three letters of Incoterms 2020. */
export const INCOTERMS = ['EXW', 'FCA', 'FOB', 'CFR', 'CIF', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP'] as const;
export type Incoterm = (typeof INCOTERMS)[number];

export type ShippingRegion = { region: string; minDays: number; maxDays: number };

/** What a buyer abroad checks before asking: shown on every product page and on /enquiry. */
export type TradeTerms = {
  minimumOrder: string;
  leadTime: string;
  paymentTerms: string;
  incoterms: Incoterm[];
  samples: string;
  shipping: ShippingRegion[];
};

/** Facts about the business the owner keeps true: the footer, the contact bar, the legal pages, the structured data. */
export type SiteFacts = {
  /** The registered name, as on the GST registration. */
  legalName: string;
  /** As a buyer dials it from abroad: +91 98765 43210. */
  phone: string;
  /** The number that answers WhatsApp, with its country code. */
  whatsapp: string;
  salesEmail: string;
  streetAddress: string;
  /** Indian PIN code, six digits. */
  postalCode: string;
  businessHours: string;
  /** Importer-Exporter Code from the DGFT: ten characters. */
  iec: string;
  /** GST identification number: fifteen characters. */
  gstin: string;
  /** Full addresses of the business's profiles; an empty one is not shown. */
  social: { x: string; youtube: string; instagram: string };
};

export type Testimonial = {
  starRating: number;
  reviewMessage: string;
  author: string;
  authorProfession: string;
};

/** Each section's value, by kind. */
export type SectionValues = {
  product: ProductContent;
  category: CategoryContent;
  'trade-terms': TradeTerms;
  'site-facts': SiteFacts;
  faqs: { items: FaqItem[] };
  testimonials: { items: Testimonial[] };
};
export type SectionKind = keyof SectionValues;

/** `product-machine-weft`, `category-raw-temple-hair`, `trade-terms` … : a section's document ID. */
export type SectionId =
  | `product-${ProductSlug}`
  | `category-${CategorySlug}`
  | 'trade-terms'
  | 'site-facts'
  | 'faqs'
  | 'testimonials';

export const productSection = (slug: ProductSlug): SectionId => `product-${slug}`;
export const categorySection = (slug: CategorySlug): SectionId => `category-${slug}`;

/** Every section, in the order the editor lists them. */
export const SECTION_IDS: readonly SectionId[] = [
  ...PRODUCT_SLUGS.map(productSection),
  ...CATEGORY_SLUGS.map(categorySection),
  'trade-terms',
  'site-facts',
  'faqs',
  'testimonials',
];

export function sectionKind(id: SectionId): SectionKind {
  if (id.startsWith('product-')) return 'product';
  if (id.startsWith('category-')) return 'category';
  return id as Exclude<SectionKind, 'product' | 'category'>;
}

export function isSectionId(value: string): value is SectionId {
  return (SECTION_IDS as readonly string[]).includes(value);
}

/** The slug a product or category section is about. */
export const sectionSlug = (id: SectionId): string => id.replace(/^(product|category)-/, '');

/**
 * One section as stored (`site-drafts/<id>`) and in the committed seed. `unconfirmed` lists the
 * fields (dotted paths in `value`: `facts.unit`, `phone`, `shipping.0.region`) that still hold the
 * stand-in the site started with (`// PLACEHOLDER` in the old TypeScript): the editor marks them
 * and a publish refuses them until the owner changes or confirms each one.
 */
export type StoredSection<K extends SectionKind = SectionKind, Time = unknown> = {
  value: SectionValues[K];
  unconfirmed: string[];
  /** 1 for the first save, then one more than the version each save replaces (the rules check it). */
  version: number;
  updatedBy: string;
  updatedByEmail: string;
  updatedAt: Time | null;
};

/** The fields a draft document has, exactly (the rules say the same). */
export const STORED_SECTION_KEYS = [
  'value',
  'unconfirmed',
  'version',
  'updatedBy',
  'updatedByEmail',
  'updatedAt',
] as const;

/** The seed: every section's value and unconfirmed fields, as a fresh clone shows the site. */
export type ContentSeed = Record<SectionId, { value: unknown; unconfirmed: string[] }>;

/** A product as a page shows it: its content and its place in the catalogue. */
export type CatalogueProduct = ProductContent & { slug: ProductSlug };
export type CatalogueCategory = CategoryContent & { slug: CategorySlug; products: CatalogueProduct[] };

/** The whole site's content, assembled from its sections, in the catalogue's order: what a render reads. */
export type SiteContent = {
  categories: CatalogueCategory[];
  tradeTerms: TradeTerms;
  siteFacts: SiteFacts;
  faqs: FaqItem[];
  testimonials: Testimonial[];
};

type SectionValueMap = { [Id in SectionId]?: unknown };

/** The site's content from its sections' values (which must all be there; checks are site-content-checks.ts's). */
export function assembleContent(values: SectionValueMap): SiteContent {
  const value = <K extends SectionKind>(id: SectionId, _kind: K): SectionValues[K] => {
    const found = values[id];
    if (found === undefined) throw new Error(`The site's content has no "${id}" section.`);
    return found as SectionValues[K];
  };
  return {
    categories: CATALOGUE_LAYOUT.map((category) => ({
      ...value(categorySection(category.slug), 'category'),
      slug: category.slug,
      products: category.products.map((slug) => ({ ...value(productSection(slug), 'product'), slug })),
    })),
    tradeTerms: value('trade-terms', 'trade-terms'),
    siteFacts: value('site-facts', 'site-facts'),
    faqs: value('faqs', 'faqs').items,
    testimonials: value('testimonials', 'testimonials').items,
  };
}

/** The sections' values of a site's content (the inverse of assembleContent). */
export function sectionValues(content: SiteContent): Record<SectionId, unknown> {
  const values: Partial<Record<SectionId, unknown>> = {};
  for (const { slug, products, ...category } of content.categories) {
    values[categorySection(slug)] = category;
    for (const { slug: productSlug, ...product } of products) values[productSection(productSlug)] = product;
  }
  values['trade-terms'] = content.tradeTerms;
  values['site-facts'] = content.siteFacts;
  values.faqs = { items: content.faqs };
  values.testimonials = { items: content.testimonials };
  return values as Record<SectionId, unknown>;
}

/** The seed's (or the drafts') values, assembled. */
export function contentOfSeed(seed: ContentSeed): SiteContent {
  return assembleContent(Object.fromEntries(SECTION_IDS.map((id) => [id, seed[id]?.value])));
}

/** Every product of the content, in catalogue order. */
export const productsOf = (content: SiteContent): CatalogueProduct[] =>
  content.categories.flatMap((category) => category.products);

/** The value at a dotted path (`facts.unit`, `shipping.0.region`), or undefined. */
export function valueAtPath(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (current, key) =>
        current !== null && typeof current === 'object'
          ? (current as Record<string, unknown>)[key]
          : undefined,
      value,
    );
}

// ── Photos ────────────────────────────────────────────────────────────────────────────────────

/** A product photo's published widths: a product picture's (image-specs.ts), as the build makes the drawings. */
export const PHOTO_WIDTHS: readonly number[] = imageSpecs['machine-weft'].widths;
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** Where a photo's published files live on the site: long-cached with the other hashed assets. */
export const PHOTO_PATH_PREFIX = '/assets/photos/';
export const photoFilePath = (id: string, width: number, format: PhotoFormat) =>
  `${PHOTO_PATH_PREFIX}${id}-${width}.${format}`;

/** A photo's ID: the start of the SHA-256 of what the site publishes of it, as hex. */
export const PHOTO_ID_PATTERN = /^[0-9a-f]{16}$/;

// ── Addresses the content derives ─────────────────────────────────────────────────────────────

/** The digits of a phone number with its country code: `+91 98765 43210` → `919876543210`. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');
/** A tel: link's number: `+919876543210`. */
export const phoneE164 = (phone: string) => `+${phoneDigits(phone)}`;
