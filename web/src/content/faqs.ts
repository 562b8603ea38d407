/** The thirteen general questions shown on /products and the FAQ accordion, in display order. */
import { siteContent } from './site-content';
import type { FaqItem } from './types';

export const generalFaqs = (): FaqItem[] => siteContent().faqs;
