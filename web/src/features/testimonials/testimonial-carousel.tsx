import { useEffect, useId, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, StarIcon } from '../../components/icons';
import type { Testimonial } from '../../content/types';
import './testimonials.css';

/** The carousel moves on every 3 s (spec section 9). */
export const CAROUSEL_INTERVAL_MS = 3000;

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    if (!query) return;
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

/**
 * Four five-star reviews; the first is active, the next comes every CAROUSEL_INTERVAL_MS. It holds
 * still while the pointer or keyboard focus is on it, when the visitor pauses it, and for visitors
 * who prefer reduced motion.
 */
export function TestimonialCarousel({ items, title }: { items: Testimonial[]; title: string }) {
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const titleId = useId();
  const region = useRef<HTMLElement>(null);
  const rotating = !hovered && !focused && !stopped && !reducedMotion;
  const count = items.length;

  useEffect(() => {
    if (!rotating || count < 2) return;
    const timer = window.setTimeout(() => setActive((index) => (index + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, active, count]);

  const show = (index: number) => setActive((index + count) % count);

  // Holding still while the visitor points at or works inside the carousel.
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const listeners: [string, (event: Event) => void][] = [
      ['pointerenter', () => setHovered(true)],
      ['pointerleave', () => setHovered(false)],
      ['focusin', () => setFocused(true)],
      [
        'focusout',
        (event) => setFocused(element.contains((event as FocusEvent).relatedTarget as Node | null)),
      ],
    ];
    listeners.forEach(([type, listener]) => element.addEventListener(type, listener));
    return () => listeners.forEach(([type, listener]) => element.removeEventListener(type, listener));
  }, []);

  return (
    <section ref={region} className="carousel" aria-roledescription="carousel" aria-labelledby={titleId}>
      <h2 id={titleId} className="carousel__title">
        {title}
      </h2>
      <div className="carousel__slides" aria-live={rotating ? 'off' : 'polite'}>
        {items.map((item, index) => (
          <div
            key={item.author}
            className={index === active ? 'carousel__slide carousel__slide--active' : 'carousel__slide'}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            aria-hidden={index !== active}
          >
            <div className="carousel__stars" role="img" aria-label={`${item.starRating} out of 5 stars`}>
              {Array.from({ length: item.starRating }, (_, star) => (
                <StarIcon key={star} size={20} />
              ))}
            </div>
            <blockquote className="carousel__quote">
              <p>“{item.reviewMessage}”</p>
            </blockquote>
            <p className="carousel__author">
              <strong>{item.author}</strong>
              <span>{item.authorProfession}</span>
            </p>
          </div>
        ))}
      </div>
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__arrow"
          onClick={() => show(active - 1)}
          aria-label="Previous testimonial"
        >
          <ChevronLeftIcon />
        </button>
        <div className="carousel__indicators">
          {items.map((item, index) => (
            <button
              key={item.author}
              type="button"
              className="carousel__indicator"
              aria-label={`Show testimonial ${index + 1}`}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => show(index)}
            />
          ))}
        </div>
        <button
          type="button"
          className="carousel__arrow"
          onClick={() => show(active + 1)}
          aria-label="Next testimonial"
        >
          <ChevronRightIcon />
        </button>
        <button type="button" className="carousel__pause" onClick={() => setStopped((value) => !value)}>
          {stopped ? 'Play' : 'Pause'} <span className="visually-hidden">testimonials</span>
        </button>
      </div>
    </section>
  );
}
