import { homeCopy } from '../../content/home';
import type { Testimonial } from '../../content/types';
import { TestimonialCarousel } from './testimonial-carousel';

/**
 * The home page's reviews as an island: they start turning once they come into view. The reviews
 * come with the page (the `items` prop, written at render time from the owner's content), so a
 * publish changes them without a new build of the site's code.
 */
export default function TestimonialsIsland({ items }: { items: string }) {
  return (
    <TestimonialCarousel items={JSON.parse(items) as Testimonial[]} title={homeCopy.testimonials.heading} />
  );
}
