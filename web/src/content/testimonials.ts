/** The four reviews in the home page carousel. */
import type { Testimonial } from './types';

export const testimonials: Testimonial[] = [
  {
    starRating: 5,
    reviewMessage:
      'The machine wefts arrive exactly as ordered, with every bundle weighed and labelled by length. My clients notice how soft the hair stays after months of wear.',
    author: 'Priya Raghavan',
    authorProfession: 'Salon Owner, Chennai',
  },
  {
    starRating: 5,
    reviewMessage:
      'We have imported raw temple hair for three years now. The quality is consistent from one shipment to the next, and the sales team answers every question quickly.',
    author: 'Chinedu Okafor',
    authorProfession: 'Hair Distributor, Lagos',
  },
  {
    starRating: 5,
    reviewMessage:
      'Clear quotations, honest lead times and careful packing. The single drawn bulk hair is cuticle-aligned throughout, which saves my workshop hours of sorting.',
    author: 'Sarah Whitmore',
    authorProfession: 'Hair Wholesaler, London',
  },
  {
    starRating: 5,
    reviewMessage:
      'I use the I-tips and clip-ins for bridal work. The colour matching on custom orders is precise, and the hair holds curls all day.',
    author: 'Layla Haddad',
    authorProfession: 'Hair Stylist, Dubai',
  },
];
