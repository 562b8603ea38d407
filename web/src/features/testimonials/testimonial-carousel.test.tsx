import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { testimonials } from '../../content/testimonials';
import { CAROUSEL_INTERVAL_MS, TestimonialCarousel } from './testimonial-carousel';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const activeSlide = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .findIndex((slide) => slide.getAttribute('aria-hidden') === 'false');
const indicator = (n: number) => screen.getByRole('button', { name: `Show testimonial ${n}` });

it('shows four reviews, five stars each, starting with the first', () => {
  render(<TestimonialCarousel items={testimonials()} title="What Our Buyers Say" />);
  expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(4);
  expect(screen.getAllByRole('button', { name: /^Show testimonial/ })).toHaveLength(4);
  expect(activeSlide()).toBe(0);
  expect(indicator(1)).toHaveAttribute('aria-current', 'true');
  expect(screen.getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
});

it('moves on by itself every 3000 ms and wraps around', () => {
  expect(CAROUSEL_INTERVAL_MS).toBe(3000);
  render(<TestimonialCarousel items={testimonials()} title="Reviews" />);
  act(() => vi.advanceTimersByTime(2999));
  expect(activeSlide()).toBe(0);
  act(() => vi.advanceTimersByTime(1));
  expect(activeSlide()).toBe(1);
  for (const expected of [2, 3, 0]) {
    act(() => vi.advanceTimersByTime(3000));
    expect(activeSlide()).toBe(expected);
  }
});

it('goes back, forward and to any slide from its controls', () => {
  render(<TestimonialCarousel items={testimonials()} title="Reviews" />);
  fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
  expect(activeSlide()).toBe(3);
  fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
  expect(activeSlide()).toBe(0);
  fireEvent.click(indicator(3));
  expect(activeSlide()).toBe(2);
  expect(indicator(3)).toHaveAttribute('aria-current', 'true');
});

it('holds still while pointed at, focused or paused', () => {
  render(<TestimonialCarousel items={testimonials()} title="Reviews" />);
  const carousel = screen.getByRole('region', { name: 'Reviews' });
  fireEvent.pointerEnter(carousel);
  act(() => vi.advanceTimersByTime(10_000));
  expect(activeSlide()).toBe(0);
  fireEvent.pointerLeave(carousel);
  act(() => vi.advanceTimersByTime(3000));
  expect(activeSlide()).toBe(1);

  act(() => screen.getByRole('button', { name: 'Next testimonial' }).focus());
  act(() => vi.advanceTimersByTime(10_000));
  expect(activeSlide()).toBe(1);
  act(() => screen.getByRole('button', { name: 'Next testimonial' }).blur());

  fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
  act(() => vi.advanceTimersByTime(10_000));
  expect(activeSlide()).toBe(1);
  fireEvent.click(screen.getByRole('button', { name: 'Play testimonials' }));
  act(() => vi.advanceTimersByTime(3000));
  expect(activeSlide()).toBe(2);
});

it('does not move by itself for visitors who prefer reduced motion', () => {
  const matchMedia = vi.fn().mockReturnValue({
    matches: true,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  vi.stubGlobal('matchMedia', matchMedia);
  render(<TestimonialCarousel items={testimonials()} title="Reviews" />);
  act(() => vi.advanceTimersByTime(30_000));
  expect(activeSlide()).toBe(0);
  vi.unstubAllGlobals();
});
