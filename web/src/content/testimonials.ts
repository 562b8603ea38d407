/** The four reviews in the home page carousel. */
import { siteContent } from './site-content';
import type { Testimonial } from './types';

export const testimonials = (): Testimonial[] => siteContent().testimonials;
