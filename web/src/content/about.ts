/** The company story on /about. Counts of the range come from the catalogue so they never drift. */
import { CATALOGUE_LAYOUT, PRODUCT_SLUGS } from '@contract/base/catalogue';
import { site } from './site';
import type { ImageKey } from './types';

type AboutStep = {
  title: string;
  text: string;
};

export type AboutSection = {
  heading: string;
  paragraphs: string[];
  /** A picture shown beside the text. */
  image?: { key: ImageKey; alt: string };
  /** Optional numbered steps shown under the paragraphs, across the page. */
  steps?: AboutStep[];
};

export type AboutFact = {
  /** The short figure shown large, e.g. "10+". */
  value: string;
  label: string;
};

type AboutCopy = {
  heading: string;
  lead: string;
  sections: AboutSection[];
  facts: AboutFact[];
  callToAction: {
    text: string;
    label: string;
    href: string;
  };
};

const productCount = PRODUCT_SLUGS.length;

export const aboutCopy: AboutCopy = {
  heading: `About ${site.companyName}`,
  lead: `For over ${site.foundedYears} years, ${site.companyName} has supplied Indian human hair and hair extensions from ${site.address.locality}, ${site.address.region}, to businesses in India and around the world.`,
  sections: [
    {
      heading: 'Who we work with',
      paragraphs: [
        'Our customers are businesses: wholesalers, hair traders, distributors, salons, stylists and resellers, in India and abroad. Some buy raw hair by the kilogram to make their own extensions; others buy finished wefts, I-tips and clip-ins to sell under their own name.',
        'Whatever the size of the order, each buyer deals with one sales team that knows their lengths, textures and shades, from the first enquiry to delivery.',
      ],
      image: {
        key: 'about',
        alt: 'Illustration of bundles of human hair before a South Indian temple tower drawn in gold',
      },
    },
    {
      heading: 'Ethically sourced temple hair',
      paragraphs: [
        'Our hair comes from temples in South India, where devotees offer their hair freely as part of a religious vow. The temples sell it through their own auctions, and the income supports their upkeep and community work.',
        'We sell 100% human hair only. There are no synthetic blends and no animal hair in anything we supply.',
      ],
    },
    {
      heading: 'How we work',
      paragraphs: [`Every order passes through our workshop in ${site.address.locality}, step by step.`],
      steps: [
        {
          title: 'Sourcing',
          text: 'We buy temple hair through the temples’ own auctions and established collectors.',
        },
        {
          title: 'Sorting',
          text: 'The hair is washed, and short, damaged and grey strands are taken out by hand.',
        },
        {
          title: 'Cuticle alignment',
          text: 'Strands are kept running from root to tip, so the cuticle lies in one direction and the hair stays smooth.',
        },
        {
          title: 'Quality checks',
          text: 'Every bundle is checked for length, weight, texture and shedding before it moves on.',
        },
        {
          title: 'Packing',
          text: 'Bundles are tied, labelled by length and weight, and packed in sealed cartons.',
        },
        {
          title: 'Export',
          text: 'Orders ship by tracked courier or air cargo, with the documents each destination needs.',
        },
      ],
    },
  ],
  facts: [
    { value: `${site.foundedYears}+`, label: 'years supplying human hair' },
    { value: `${CATALOGUE_LAYOUT.length}`, label: 'product families' },
    { value: `${productCount}`, label: 'products, from raw hair to braids' },
    { value: '10–36 inch', label: 'lengths across the range' },
    { value: '100%', label: 'human hair, no synthetic blends' },
  ],
  callToAction: {
    text: 'Tell us what you are looking for and we will send availability and a quotation.',
    label: 'Get in Touch',
    href: '/enquiry',
  },
};
