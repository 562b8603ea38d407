/**
 * Facts about the business used all over the site.
 * OWNER: every value marked PLACEHOLDER must be replaced with the real one before launch.
 */
export const site = {
  /** The spec calls the company "SME". PLACEHOLDER for the trading name. */
  companyName: 'SME',
  legalName: 'SME Hair Exports', // PLACEHOLDER
  tagline: 'Where Remy Hair Meets Royal Quality.',
  /** The line under the name in the logo: what the company sells, in three words. */
  logoLine: 'Indian human hair',
  /** Public address of the live site, no trailing slash: canonical URLs, sitemap, Open Graph. PLACEHOLDER */
  siteUrl: 'https://sme-hair.example.com',
  /** Shared by every page's Open Graph / Twitter card; lives in web/public. */
  metaImagePath: '/og-image.jpg',
  phone: {
    display: '+91 98765 43210', // PLACEHOLDER
    e164: '+919876543210', // PLACEHOLDER
  },
  email: 'sales@sme-hair.example.com', // PLACEHOLDER
  whatsapp: {
    /** International number without + or spaces, as wa.me expects. PLACEHOLDER */
    number: '919876543210',
    message: 'Hello! I’d like to know more about your human hair extensions.',
    /** The first message from a product's page: the product, and the page's address. */
    productMessage: (productName: string, pageUrl: string) =>
      `Hello, I’d like a price for ${productName}: ${pageUrl}`,
  },
  address: {
    streetAddress: 'Avinashi Road', // PLACEHOLDER
    locality: 'Coimbatore',
    region: 'Tamil Nadu',
    postalCode: '641018', // PLACEHOLDER
    country: 'IN',
    countryName: 'India',
  },
  social: {
    x: 'https://x.com/smehair', // PLACEHOLDER
    youtube: 'https://www.youtube.com/@smehair', // PLACEHOLDER
    instagram: 'https://www.instagram.com/smehair', // PLACEHOLDER
  },
  foundedYears: 10,
} as const;

/** Where the business is, in one line: "Coimbatore, Tamil Nadu, India". */
export const placeLine = `${site.address.locality}, ${site.address.region}, ${site.address.countryName}`;

/** A chat with the business on WhatsApp (wa.me), opening with `message` typed in. */
export const whatsappLinkWith = (message: string) =>
  `https://wa.me/${site.whatsapp.number}?text=${encodeURIComponent(message)}`;

export const whatsappLink = whatsappLinkWith(site.whatsapp.message);
