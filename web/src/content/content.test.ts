import { describe, expect, it } from 'vitest';
import { aboutCopy } from './about';
import { categories, productFactLabels } from './catalogue';
import { enquiryPageCopy } from './enquiry-page';
import { generalFaqs } from './faqs';
import { homeCopy } from './home';
import { DEFAULT_ENQUIRY_RETENTION_DAYS, retentionText } from '@contract/enquiry/retention';
import { privacyPolicy, termsAndConditions } from './legal';
import { productPageCopy } from './product-page';
import { site } from './site';
import { testimonials } from './testimonials';
import { detailsOf } from './product-details';
import type { LegalDocument, Product, ProductDetails } from './types';
import { whyUsPoints } from './why-us';

/** Spec section 9: what the site shows, counted. */
const CATEGORY_COUNT = 3;
const PRODUCT_COUNT = 12;
const GENERAL_FAQ_COUNT = 13;
const TESTIMONIAL_COUNT = 4;
const WHY_US_POINT_COUNT = 6;
const TESTIMONIAL_STARS = 5;
/** Each product page answers a few questions of its own. */
const MIN_PRODUCT_FAQS = 3;
const MAX_PRODUCT_FAQS = 5;
/** A product card shows one or two sentences. */
const SHORT_DESCRIPTION_MAX_CHARS = 160;
/** Spec section 9: lengths quoted across the range and the machine weft bundle weight. */
const RANGE_SHORTEST_INCH = 10;
const RANGE_LONGEST_INCH = 36;
const MACHINE_WEFT_BUNDLE = '100 g';
/** The tags the product description renderer trusts. */
const ALLOWED_DESCRIPTION_TAGS = new Set(['p', 'br', 'strong', 'a']);
const VOID_TAGS = new Set(['br']);

type ExpectedProduct = { slug: string; name: string; inches: readonly [number, number] };
type ExpectedCategory = { slug: string; image: string; products: ExpectedProduct[] };

/** Spec section 1, in its order; slugs are the URLs and artwork keys. */
const specCatalogue: ExpectedCategory[] = [
  {
    slug: 'raw-temple-hair',
    image: 'category-raw-temple-hair',
    products: [
      { slug: 'raw-hair-10-18-inch', name: 'Raw Temple Hair 10–18 Inch', inches: [10, 18] },
      { slug: 'raw-hair-19-26-inch', name: 'Raw Temple Hair 19–26 Inch', inches: [19, 26] },
      { slug: 'raw-hair-27-inch-plus', name: 'Raw Temple Hair 27 Inch and Above', inches: [27, 36] },
    ],
  },
  {
    slug: 'remy-hair-extensions',
    image: 'category-remy-hair-extensions',
    products: [
      { slug: 'machine-weft', name: 'Machine Weft', inches: [12, 30] },
      { slug: 'single-drawn-bulk-hair', name: 'Single Drawn Bulk Hair', inches: [12, 30] },
      { slug: 'i-tip-extensions', name: 'I-Tip Extensions', inches: [14, 26] },
      { slug: 'hand-tied-weft', name: 'Hand-Tied Weft', inches: [14, 26] },
    ],
  },
  {
    slug: 'ready-to-wear-extensions',
    image: 'category-ready-to-wear-extensions',
    products: [
      { slug: '3-clip-in-extensions', name: '3 Clip-In Extensions', inches: [14, 26] },
      { slug: '5-clip-in-extensions', name: '5 Clip-In Extensions', inches: [14, 26] },
      { slug: 'back-clip-ponytail', name: 'Back Clip Ponytail', inches: [16, 30] },
      { slug: 'single-clip-in-extension', name: 'Single Clip-In Extension', inches: [14, 26] },
      { slug: 'traditional-braid-extension', name: 'Traditional Braid Extension', inches: [18, 36] },
    ],
  },
];

/** Each product with what its own page says (product-details.ts). */
const products: (Product & ProductDetails)[] = categories().flatMap((category) =>
  category.products.map((product) => ({ ...product, ...detailsOf(product.slug) })),
);
const expectedBySlug = new Map(specCatalogue.flatMap((c) => c.products).map((p) => [p.slug, p]));
const rawHairSlugs = new Set(specCatalogue[0]?.products.map((p) => p.slug));

function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** Every inch figure in a text: "10, 12 and 18 inch", "12 to 30 inch", "19–26 inch", "36 inch". */
function inchFigures(text: string): number[] {
  const runs = text.matchAll(/((?:\d+\s*(?:,|–|-|to|and)\s*)*\d+)\s*inch/gi);
  return [...runs].flatMap((run) => (run[1] ?? '').match(/\d+/g)?.map(Number) ?? []);
}

function sentenceCount(text: string): number {
  return text
    .trim()
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => sentence.length > 0).length;
}

function legalText(document: LegalDocument): string {
  return [
    document.title,
    document.intro,
    ...document.sections.flatMap((section) => [
      section.heading,
      ...section.paragraphs,
      ...(section.list ?? []),
    ]),
  ].join('\n');
}

/** Everything a visitor reads on the marketing pages, as one string. */
const marketingCopy = JSON.stringify([
  categories(),
  generalFaqs(),
  testimonials(),
  whyUsPoints,
  homeCopy,
  aboutCopy,
  enquiryPageCopy,
]);

describe('catalogue', () => {
  it('has the three categories of the spec, in its order, with their artwork', () => {
    expect(categories()).toHaveLength(CATEGORY_COUNT);
    expect(categories().map((c) => [c.slug, c.categoryImage])).toEqual(
      specCatalogue.map((c) => [c.slug, c.image]),
    );
    for (const category of categories()) {
      expect(category.categoryTitle.trim()).not.toBe('');
      expect(sentenceCount(category.categoryDescription)).toBeLessThanOrEqual(2);
      expect(category.categoryImageAlt).toMatch(/^Illustration of /);
    }
  });

  it("gives every product, and nothing else, its own page's description and questions", () => {
    for (const product of products) expect(detailsOf(product.slug).productFaqs.length).toBeGreaterThan(0);
    expect(() => detailsOf('no-such-product')).toThrow(/no-such-product/);
  });

  it('has the twelve products of the spec, named and ordered as the spec lists them', () => {
    expect(products).toHaveLength(PRODUCT_COUNT);
    expect(categories().map((c) => c.products.map((p) => [p.slug, p.productName]))).toEqual(
      specCatalogue.map((c) => c.products.map((p) => [p.slug, p.name])),
    );
  });

  it('gives every product a unique, URL-safe slug that is also its image key', () => {
    const slugs = products.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const product of products) {
      expect(product.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(product.productImage).toBe(product.slug);
    }
  });

  it('describes every picture for visitors who cannot see it, each differently', () => {
    const alts = products.map((p) => p.productImageAlt);
    expect(new Set(alts).size).toBe(alts.length);
    for (const alt of alts) expect(alt).toMatch(/^Illustration of .{20,}/);
  });

  it.each(products.map((p) => [p.slug, p] as const))('%s has card text that fits a card', (_, product) => {
    expect(product.productShortDescription.length).toBeGreaterThan(0);
    expect(product.productShortDescription.length).toBeLessThanOrEqual(SHORT_DESCRIPTION_MAX_CHARS);
    expect(sentenceCount(product.productShortDescription)).toBeLessThanOrEqual(2);
  });

  it.each(products.map((p) => [p.slug, p] as const))('%s has a description in trusted HTML', (_, product) => {
    const html = product.productDescription;
    const tags = [...html.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>/gi)];
    for (const [, , name, attributes] of tags) {
      expect(ALLOWED_DESCRIPTION_TAGS).toContain(name);
      expect(attributes).toBe('');
    }
    for (const name of ALLOWED_DESCRIPTION_TAGS) {
      if (VOID_TAGS.has(name)) continue;
      const opened = tags.filter(([, slash, tag]) => tag === name && slash === '').length;
      const closed = tags.filter(([, slash, tag]) => tag === name && slash === '/').length;
      expect(closed, `<${name}> opened and closed`).toBe(opened);
    }
  });

  it('uses the line breaks and bold the spec allows in the descriptions', () => {
    const html = products.map((product) => product.productDescription).join('');
    expect(html).toContain('<br>');
    expect(html).toContain('<strong>');
  });

  it.each(products.map((p) => [p.slug, p] as const))(
    '%s states its origin, its weight, its bulk terms and that it has no synthetic blends',
    (_, product) => {
      const text = textOf(product.productDescription);
      expect(text).toMatch(/South India/);
      expect(text).toMatch(/temple/i);
      expect(text).toMatch(/no synthetic blends/);
      // The weight is a fact of the table beside the description.
      expect(product.facts.unit).toMatch(/\b\d+(?:–\d+)? g\b/);
      expect(text).toMatch(/minimum order[^.]*on request/);
    },
  );

  it.each(products.map((p) => [p.slug, p] as const))(
    '%s says each fact of its table once: the description does not list them again',
    (_, product) => {
      const text = textOf(product.productDescription);
      // The table's labels, as a list of facts in the text would start its lines.
      expect(text).not.toMatch(/\b(?:Lengths?|Weight|Strand weight|Colou?rs?|Textures?|Packing|Sold as):/);
      expect(inchFigures(text)).toEqual([]);
      for (const value of Object.values(product.facts)) expect(text).not.toContain(value);
      expect(text).not.toMatch(/\b\d+ g\b/);
    },
  );

  it.each(products.map((p) => [p.slug, p] as const))(
    '%s answers every fact of its table, none with a promise to answer later',
    (_, product) => {
      for (const value of Object.values(product.facts))
        expect(value).not.toMatch(/quotation|to be confirmed|\bTBC\b|ask us|on enquiry/i);
    },
  );

  it.each(products.map((p) => [p.slug, p] as const))(
    '%s quotes no length outside its range',
    (slug, product) => {
      const [shortest, longest] = expectedBySlug.get(slug)?.inches ?? [NaN, NaN];
      const elsewhere = [
        product.productName,
        product.productShortDescription,
        product.productImageAlt,
        ...product.productFaqs.flatMap((faq) => [faq.question, faq.answer]),
      ].flatMap(inchFigures);
      for (const inches of elsewhere) {
        expect(inches).toBeGreaterThanOrEqual(shortest);
        expect(inches).toBeLessThanOrEqual(longest);
      }
    },
  );

  it('keeps every product within the 10 to 36 inch range the spec quotes, and uses both ends', () => {
    const ranges = [...expectedBySlug.values()].map((p) => p.inches);
    expect(Math.min(...ranges.map(([shortest]) => shortest))).toBe(RANGE_SHORTEST_INCH);
    expect(Math.max(...ranges.map(([, longest]) => longest))).toBe(RANGE_LONGEST_INCH);
  });

  it.each(products.map((p) => [p.slug, p] as const))(
    "%s gives its facts table the product's own length range and every fact a value",
    (slug, product) => {
      const [shortest, longest] = expectedBySlug.get(slug)?.inches ?? [NaN, NaN];
      expect(inchFigures(product.facts.length)).toEqual([shortest, longest]);
      for (const key of Object.keys(productFactLabels) as (keyof typeof product.facts)[]) {
        expect(product.facts[key].trim(), key).not.toBe('');
      }
    },
  );

  it('labels the facts table with what a buyer compares: length, texture and colour, unit, packing', () => {
    expect(Object.values(productFactLabels)).toEqual(['Length', 'Texture & colour', 'Sold as', 'Packing']);
  });

  it('gives the spec facts in the tables: the raw hair bands and the 100 g machine weft bundle', () => {
    expect(categories()[0]?.products.map((p) => p.facts.length)).toEqual([
      '10–18 inch',
      '19–26 inch',
      '27–36 inch',
    ]);
    expect(products.find((p) => p.slug === 'machine-weft')?.facts.unit).toBe(`${MACHINE_WEFT_BUNDLE} bundle`);
  });

  it('quotes the machine weft bundle as 100 g in its FAQs too', () => {
    const machineWeft = products.find((p) => p.slug === 'machine-weft');
    expect(machineWeft?.productFaqs.some((faq) => faq.answer.includes(MACHINE_WEFT_BUNDLE))).toBe(true);
  });

  it('offers custom colours on processed lines only: raw hair stays its natural colour', () => {
    for (const product of products) {
      const text = textOf(product.productDescription);
      if (rawHairSlugs.has(product.slug)) {
        expect(text).not.toMatch(/custom colour/i);
        expect(text).toMatch(/never dyed, bleached or steamed/);
      } else {
        expect(text).toMatch(/on request/);
      }
    }
  });

  it.each(products.map((p) => [p.slug, p] as const))(
    '%s answers three to five questions of its own',
    (_, product) => {
      expect(product.productFaqs.length).toBeGreaterThanOrEqual(MIN_PRODUCT_FAQS);
      expect(product.productFaqs.length).toBeLessThanOrEqual(MAX_PRODUCT_FAQS);
      for (const faq of product.productFaqs) {
        expect(faq.question).toMatch(/\?$/);
        expect(faq.answer.trim()).not.toBe('');
      }
    },
  );

  it('never repeats a question across product pages or the general FAQ', () => {
    const questions = [...products.flatMap((p) => p.productFaqs), ...generalFaqs()].map((faq) =>
      faq.question.toLowerCase(),
    );
    expect(new Set(questions).size).toBe(questions.length);
  });
});

describe('general FAQ', () => {
  /** The topics buyers ask about, each matched against the questions. */
  const requiredTopics: Record<string, RegExp> = {
    'Remy vs non-Remy': /remy and non-remy/i,
    'raw vs processed': /raw and processed/i,
    'temple hair ethics': /temple hair[^?]*ethical/i,
    lifespan: /how long[^?]*last/i,
    'colouring and bleaching': /colou?red or bleached/i,
    care: /cared for/i,
    'minimum order quantity': /minimum order/i,
    samples: /samples/i,
    'international shipping': /ship internationally/i,
    'payment terms': /payment terms/i,
    'lead times': /lead times/i,
    'custom lengths and colours': /custom lengths and colours/i,
    'defective goods': /defective/i,
  };

  it('has thirteen questions', () => {
    expect(generalFaqs()).toHaveLength(GENERAL_FAQ_COUNT);
  });

  it.each(Object.entries(requiredTopics))('answers a question on %s', (_, topic) => {
    expect(generalFaqs().filter((faq) => topic.test(faq.question))).toHaveLength(1);
  });

  it('answers in two to four sentences of plain text', () => {
    for (const faq of generalFaqs()) {
      expect(faq.question).toMatch(/\?$/);
      expect(faq.answer).not.toMatch(/[<>]/);
      expect(sentenceCount(faq.answer), faq.question).toBeGreaterThanOrEqual(2);
      expect(sentenceCount(faq.answer), faq.question).toBeLessThanOrEqual(4);
    }
  });

  it('leaves payment terms to a quotation', () => {
    const payment = generalFaqs().find((faq) => requiredTopics['payment terms']?.test(faq.question));
    expect(payment?.answer).toMatch(/on request/);
  });
});

describe('testimonials and why-us', () => {
  it('shows four five-star reviews from different buyers', () => {
    expect(testimonials()).toHaveLength(TESTIMONIAL_COUNT);
    expect(new Set(testimonials().map((t) => t.author)).size).toBe(TESTIMONIAL_COUNT);
    for (const testimonial of testimonials()) {
      expect(testimonial.starRating).toBe(TESTIMONIAL_STARS);
      expect(testimonial.authorProfession.trim()).not.toBe('');
      expect(sentenceCount(testimonial.reviewMessage)).toBeLessThanOrEqual(3);
    }
  });

  it('lists the six why-us points in the spec order', () => {
    expect(whyUsPoints).toHaveLength(WHY_US_POINT_COUNT);
    expect(whyUsPoints.map((point) => [point.icon, point.title])).toEqual([
      ['quality', 'Quality Products'],
      ['ethical', 'Ethical Sourcing'],
      ['sustainable', 'Sustainable Practices'],
      ['durable', 'Durability'],
      ['variety', 'Variety'],
      ['reliable', 'Reliability'],
    ]);
    for (const point of whyUsPoints) expect(point.text.trim()).not.toBe('');
  });
});

describe('page copy', () => {
  it('gives the home page its tagline and the buttons of the spec', () => {
    expect(homeCopy.hero.title).toBe(site.companyName);
    expect(homeCopy.hero.tagline).toBe('Where Remy Hair Meets Royal Quality.');
    expect(homeCopy.hero.callToAction).toEqual({ label: 'Book an Enquiry', href: '/enquiry' });
    expect(homeCopy.aboutBanner.paragraphs).toHaveLength(2);
    expect(homeCopy.aboutBanner.callToAction).toEqual({ label: 'View More', href: '/products' });
    expect(homeCopy.contact.heading).toBe('Contact Us Today');
  });

  it('tells the company story the spec asks for on the about page', () => {
    const story = JSON.stringify(aboutCopy);
    expect(story).toContain(`over ${site.foundedYears} years`);
    expect(story).toContain(site.address.locality);
    expect(story).toMatch(/no synthetic blends/);
    expect(story).toMatch(/temple/);
    for (const client of ['wholesalers', 'distributors', 'salons', 'resellers', 'India and abroad']) {
      expect(story).toContain(client);
    }
    expect(aboutCopy.sections.flatMap((s) => s.steps ?? []).map((step) => step.title)).toEqual([
      'Sourcing',
      'Sorting',
      'Cuticle alignment',
      'Quality checks',
      'Packing',
      'Export',
    ]);
    expect(aboutCopy.facts.map((fact) => fact.value)).toEqual(
      expect.arrayContaining([`${CATEGORY_COUNT}`, `${PRODUCT_COUNT}`]),
    );
    expect(aboutCopy.callToAction).toMatchObject({ label: 'Get in Touch', href: '/enquiry' });
  });

  it('heads the enquiry page "Book an Enquiry" with a short intro', () => {
    expect(enquiryPageCopy.heading).toBe('Book an Enquiry');
    expect(sentenceCount(enquiryPageCopy.intro)).toBeGreaterThanOrEqual(2);
    expect(sentenceCount(enquiryPageCopy.intro)).toBeLessThanOrEqual(3);
  });

  it('makes no prices, awards, certifications or superlatives in the marketing copy', () => {
    for (const claim of [
      /best in the world/i,
      /world[- ]class/i,
      /number one|no\. ?1\b/i,
      /certifi/i,
      /\bISO\b/,
      /\baward/i,
      /[₹$€£]|\b(?:INR|USD|Rs\.?)\s?\d/,
    ]) {
      expect(marketingCopy).not.toMatch(claim);
    }
  });

  it('sets apostrophes curly, as typeset text does, in every copy a visitor reads', () => {
    const everything = JSON.stringify([
      marketingCopy,
      products.map((product) => detailsOf(product.slug)),
      productPageCopy,
      privacyPolicy(),
      termsAndConditions(),
      site,
    ]);
    expect(everything.match(/\w'\w/g) ?? []).toEqual([]);
    expect(productPageCopy.bulkOrderLine).toBe(
      'Looking to order in bulk or need a custom solution? Let’s talk – we’re just a message away!',
    );
  });

  it('spells the British way and leaves no unfilled template in any copy', () => {
    const everything = marketingCopy + JSON.stringify([privacyPolicy(), termsAndConditions()]);
    expect(everything).not.toMatch(/\bcolor|\bjewelry|\bcenter\b/i);
    expect(everything).not.toMatch(/undefined|\[object Object\]|\$\{/);
  });
});

/** A day that exists, written YYYY-MM-DD (a legal text's last change). */
function expectCalendarDay(day: string) {
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10)).toBe(day);
}

describe('privacy policy', () => {
  const text = legalText(privacyPolicy());
  const requiredPoints: Record<string, RegExp> = {
    'full name': /full name/,
    'email address': /email address/,
    'phone number': /phone number/,
    city: /\bcity\b/,
    message: /a message/,
    'answering enquiries': /answer your enquiry/,
    'improving the site': /improve our website/,
    'periodic emails or calls': /periodic emails or calls/,
    'follow-up': /follow up/,
    'data security': /Data security/,
    cookies: /no tracking or advertising cookies/,
    'form drafts in session storage': /session storage[^.]*\.[^.]*cleared once the enquiry is sent/,
    'no selling to third parties without consent': /do not sell[^.]*third parties[^.]*without your consent/,
    'service providers': /Google Firebase hosts this website and stores the enquiries/,
    retention: /How long we keep your information/,
    'access, correction and deletion': /see the information[^.]*correct it[^.]*deleted/,
    'policy changes': /update this policy/,
    'contact email': new RegExp(site.email.replace(/\./g, '\\.')),
  };

  it('is dated with a calendar day', () => expectCalendarDay(privacyPolicy().lastUpdated));

  it.each(Object.entries(requiredPoints))('covers %s', (_, point) => {
    expect(text).toMatch(point);
  });

  it('names the retention period the functions keep, three years by default', () => {
    expect(__ENQUIRY_RETENTION_DAYS__).toBe(DEFAULT_ENQUIRY_RETENTION_DAYS);
    expect(retentionText(__ENQUIRY_RETENTION_DAYS__)).toBe('three years');
    expect(text).toContain('no more than three years after our last contact with you');
  });
});

describe('terms and conditions', () => {
  const text = legalText(termsAndConditions());
  const requiredPoints: Record<string, RegExp> = {
    'website use': /Use of this website/,
    'product information subject to change': /Product information[^.]*subject to change/,
    'pricing and quotations on request': /Pricing[^.]*on request/,
    'intellectual property': /Intellectual property/,
    'consent to enquiry communication': /you consent to us contacting you/,
    'third-party links': /Links to third-party sites[\s\S]*WhatsApp/,
    'limitation of liability': /Limitation of liability/,
    'governing law of India': /governed by the laws of India/,
    'courts of Coimbatore, Tamil Nadu': /courts of Coimbatore, Tamil Nadu/,
    'changes to the terms': /change these terms/,
    'contact email': new RegExp(site.email.replace(/\./g, '\\.')),
  };

  it('is dated with a calendar day', () => expectCalendarDay(termsAndConditions().lastUpdated));

  it.each(Object.entries(requiredPoints))('covers %s', (_, point) => {
    expect(text).toMatch(point);
  });
});
