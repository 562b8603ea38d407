/**
 * How an order works, from a buyer's first message to dispatch, and the facts about the company a
 * buyer checks before writing (spec sections 1 and 2: over ten years, Coimbatore, B2B, human hair
 * only). Shown on the about and enquiry pages.
 */
import { site } from './site';

export type OrderStep = {
  title: string;
  text: string;
};

export const orderSteps: OrderStep[] = [
  {
    title: 'Enquiry',
    text: 'Tell us the products, lengths, textures and quantities you need, by the form, WhatsApp or phone.',
  },
  {
    title: 'Quote',
    text: 'Our sales team replies with availability and a quotation for your order.',
  },
  {
    title: 'Sample',
    text: 'Check the colour, texture and feel of the hair before you commit. Sample terms on request.',
  },
  {
    title: 'Bulk order',
    text: 'Confirm the lengths, textures and quantities. Minimum order on request.',
  },
  {
    title: 'Dispatch',
    text: `Your order is packed, labelled and dispatched from ${site.address.locality}.`,
  },
];

/** Short trust facts the spec gives, for a line beside the order steps. */
export const trustFacts: string[] = [
  `Over ${site.foundedYears} years in human hair`,
  `Based in ${site.address.locality}, ${site.address.countryName}`,
  'Wholesalers, salons and resellers',
  '100% human hair, no synthetic blends',
];
