/**
 * Facts about the business used all over the site. The contact details, the registered name and
 * the profiles are the owner's, edited in the inbox's Site part (site-content.ts); the name, the
 * tagline, the town and the site's address are the code's.
 * OWNER: every value marked PLACEHOLDER here must be replaced with the real one before launch.
 */
import { phoneDigits, phoneE164 } from '@contract/site/site-content';
import { siteFacts } from './site-content';

export const site = {
  /** The spec calls the company "SME". PLACEHOLDER for the trading name. */
  companyName: 'SME',
  tagline: 'Where Remy Hair Meets Royal Quality.',
  /** The line under the name in the logo: what the company sells, in three words. */
  logoLine: 'Indian human hair',
  /** Public address of the live site, no trailing slash: canonical URLs, sitemap, Open Graph. PLACEHOLDER */
  siteUrl: 'https://sme-hair.example.com',
  /** Shared by every page's Open Graph / Twitter card; lives in web/public. */
  metaImagePath: '/og-image.jpg',
  /** The registered name, from the owner's content (the Site part). */
  get legalName() {
    return siteFacts().legalName;
  },
  /** From the owner's content: as written, and as a tel: link dials it. */
  get phone() {
    const { phone } = siteFacts();
    return { display: phone, e164: phoneE164(phone) };
  },
  /** The sales address, from the owner's content. */
  get email() {
    return siteFacts().salesEmail;
  },
  whatsapp: {
    /** International number without + or spaces, as wa.me expects (the owner's content). */
    get number() {
      return phoneDigits(siteFacts().whatsapp);
    },
    message: 'Hello! I’d like to know more about your human hair extensions.',
    /** The first message from a product's page: the product, and the page's address. */
    productMessage: (productName: string, pageUrl: string) =>
      `Hello, I’d like a price for ${productName}: ${pageUrl}`,
  },
  /** The town is the spec's; the street and PIN code are the owner's content. */
  address: {
    get streetAddress() {
      return siteFacts().streetAddress;
    },
    locality: 'Coimbatore',
    region: 'Tamil Nadu',
    get postalCode() {
      return siteFacts().postalCode;
    },
    country: 'IN',
    countryName: 'India',
  },
  /** The business's profiles (the owner's content); an empty one is not shown. */
  get social() {
    return siteFacts().social;
  },
  foundedYears: 10,
} as const;

/** Where the business is, in one line: "Coimbatore, Tamil Nadu, India". */
export const placeLine = `${site.address.locality}, ${site.address.region}, ${site.address.countryName}`;

/** A chat with the business on WhatsApp (wa.me), opening with `message` typed in. */
export const whatsappLinkWith = (message: string) =>
  `https://wa.me/${site.whatsapp.number}?text=${encodeURIComponent(message)}`;

/** A chat with the business on WhatsApp (wa.me), opening with the site's message typed in. */
export const whatsappLink = () => whatsappLinkWith(site.whatsapp.message);
