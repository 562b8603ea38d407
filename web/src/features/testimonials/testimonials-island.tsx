import { homeCopy } from '../../content/home';
import { testimonials } from '../../content/testimonials';
import { TestimonialCarousel } from './testimonial-carousel';

/** The home page's reviews as an island: they start turning once they come into view. */
export default function TestimonialsIsland() {
  return <TestimonialCarousel items={testimonials} title={homeCopy.testimonials.heading} />;
}
