/**
 * Each page's <title> and meta description. The spec fixes the home, about and enquiry titles;
 * the product description page builds its own from the product.
 */
import { site } from './site';

export const pageMeta = {
  home: {
    title: `Human Hair Extensions Wholesale | Remy & Temple Hair Supplier | ${site.companyName}`,
    description: `${site.companyName}, Coimbatore: raw South Indian temple hair, Remy human hair extensions and ready-to-wear pieces for wholesalers, salons and resellers worldwide. No synthetic blends.`,
  },
  products: {
    title: `Human Hair Products: Raw Temple Hair, Remy Wefts, Clip-Ins | ${site.companyName}`,
    description:
      'Browse 12 human hair products in three ranges: raw temple hair from 10 to 36 inch, Remy machine and hand-tied wefts, I-tips, clip-ins, ponytails and traditional braids.',
  },
  about: {
    title: `Best Human Hair Extension Manufacturer in Coimbatore, India | ${site.companyName}`,
    description: `For over ${site.foundedYears} years ${site.companyName} has sourced, sorted and exported ethically sourced Indian temple hair from Coimbatore to B2B buyers worldwide. 100% human hair, no synthetic blends.`,
  },
  enquiry: {
    title: `Contact ${site.companyName} | Enquire for Human Hair Extensions Bulk or Retail`,
    description:
      'Send an enquiry for bulk or retail orders of Indian human hair and extensions. Our sales team replies within one business day with availability and a quotation.',
  },
  privacy: {
    title: `Privacy Policy | ${site.companyName}`,
    description: `How ${site.companyName} collects, uses and protects the information you send through our enquiry forms.`,
  },
  terms: {
    title: `Terms and Conditions | ${site.companyName}`,
    description: `The terms for using the ${site.companyName} website, product information and enquiries. Governed by the laws of India.`,
  },
} as const;

export const productPageMeta = (productName: string, shortDescription: string) => ({
  title: `${productName} | Indian Human Hair Supplier | ${site.companyName}`,
  description: shortDescription,
});
