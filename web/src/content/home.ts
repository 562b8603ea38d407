/**
 * Home page copy that is not a list: hero, about banner and section headings.
 * The categories, why-us points and testimonials the sections show live in their own files.
 */
import { site } from './site';

type CallToAction = {
  label: string;
  href: string;
};

type HomeCopy = {
  hero: {
    /** The small line above the company name. */
    eyebrow: string;
    title: string;
    tagline: string;
    supportingLine: string;
    callToAction: CallToAction;
  };
  aboutBanner: {
    heading: string;
    paragraphs: string[];
    callToAction: CallToAction;
  };
  categoryOverview: {
    heading: string;
    intro: string;
  };
  whyUs: {
    heading: string;
    intro: string;
  };
  testimonials: {
    heading: string;
  };
  /** The about page's figures, shown beside the contact form. */
  facts: {
    heading: string;
  };
  contact: {
    heading: string;
    intro: string;
  };
};

export const homeCopy: HomeCopy = {
  hero: {
    eyebrow: `Indian human hair from ${site.address.locality}, ${site.address.region}`,
    title: site.companyName,
    tagline: site.tagline,
    supportingLine:
      'Raw temple hair, Remy extensions and ready-to-wear pieces for wholesalers, salons and resellers in India and abroad.',
    callToAction: { label: 'Book an Enquiry', href: '/enquiry' },
  },
  aboutBanner: {
    heading: 'Human Hair, Sourced and Sorted with Care',
    paragraphs: [
      `For over ${site.foundedYears} years, ${site.companyName} has supplied Indian human hair from ${site.address.locality} to wholesalers, distributors, salons and resellers in India and abroad. Everything we sell is 100% human hair, with no synthetic blends.`,
      'Our hair is offered at South Indian temples and sorted by hand in our own workshop, where we keep the cuticles aligned, check every bundle and pack each order for export.',
    ],
    callToAction: { label: 'View More', href: '/products' },
  },
  categoryOverview: {
    heading: 'Our Product Range',
    intro:
      'Three families of human hair, from raw temple hair for manufacturers to Remy extensions and ready-to-wear pieces for salons and retail.',
  },
  whyUs: {
    heading: `Why Buyers Choose ${site.companyName}`,
    intro: 'Six things our wholesale and salon customers can count on with every order.',
  },
  testimonials: {
    heading: 'What Our Buyers Say',
  },
  facts: {
    heading: `${site.companyName} at a glance`,
  },
  contact: {
    heading: 'Contact Us Today',
    intro: 'Tell us what you need, in bulk or retail, and our sales team will reply within one business day.',
  },
};
