/**
 * The home page as a visitor uses it: the calls to action, the testimonial carousel on a
 * controlled clock (on its own, with its controls, holding still for pointer, focus and Pause),
 * and the general FAQ.
 */
import '../support/seed-content';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { categories } from '../../web/src/content/catalogue';
import { generalFaqs } from '../../web/src/content/faqs';
import { testimonials } from '../../web/src/content/testimonials';
import { CAROUSEL_INTERVAL_MS } from '../../web/src/features/testimonials/testimonial-carousel';
import {
  advanceClock,
  gotoOnPausedClock,
  pauseClock,
  scrollY,
  islandIsAwake,
  settle,
  wakeOnPausedClock,
} from '../support/browser';
import { polled, present, pageHeading, pathOf } from './visitor';
import { useJourneys } from './journeys';

const journeys = useJourneys();
const visit = journeys.visit;

const carousel = (page: Page) => page.locator('section[aria-roledescription="carousel"]');
const slides = (page: Page) => carousel(page).locator('[role="group"][aria-roledescription="slide"]');
const control = (page: Page, name: string) => carousel(page).getByRole('button', { name, exact: true });

/** Which testimonial the visitor sees (1-based), checked against the slides, the text and the dots. */
async function shownTestimonial(page: Page): Promise<number> {
  const shown = slides(page).and(page.locator('[aria-hidden="false"]'));
  const count = await shown.count();
  if (count !== 1) throw new Error(`${count} testimonials are shown at once`);
  const label = (await shown.getAttribute('aria-label')) ?? '';
  const number = Number(/^(\d+) of 4$/.exec(label)?.[1]);
  expect(await shown.textContent()).toContain(present(testimonials()[number - 1], `review ${number}`).author);
  const currentDots = await carousel(page).locator('button[aria-current="true"]').allTextContents();
  expect(currentDots).toHaveLength(1);
  expect(await control(page, `Show testimonial ${number}`).getAttribute('aria-current')).toBe('true');
  return number;
}

/** Takes the pointer and the keyboard focus away from the carousel. */
async function lookAway(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await settle(page);
}

describe('the hero and the banners', () => {
  it('leads to the enquiry page, the products page and each category', async () => {
    const { page, goto } = await visit('mobile');
    await goto('/home');
    await page.getByRole('link', { name: 'Book an Enquiry' }).click();
    await expect.poll(() => pathOf(page), polled).toBe('/enquiry');
    await expect.poll(() => pageHeading(page).textContent(), polled).toBe('Book an Enquiry');

    await goto('/home');
    await page.getByRole('link', { name: 'View More' }).click();
    await expect.poll(() => pathOf(page), polled).toBe('/products');
    await expect.poll(() => pageHeading(page).textContent(), polled).toBe('Our Products');
    await expect.poll(() => scrollY(page), polled).toBe(0);

    await goto('/home');
    for (const category of categories()) {
      expect(
        await page.getByRole('link', { name: `Explore ${category.categoryTitle}` }).getAttribute('href'),
      ).toBe(`/products#${category.slug}`);
    }
  });
});

describe('the testimonial carousel', () => {
  it('starts on the first review and moves on by itself every 3 seconds', async () => {
    const { page } = await visit();
    await pauseClock(page);
    await gotoOnPausedClock(page, '/home');
    expect(await slides(page).count()).toBe(testimonials().length);
    expect(await shownTestimonial(page)).toBe(1);
    // Out of sight it holds still: it takes over as it comes into view.
    await advanceClock(page, CAROUSEL_INTERVAL_MS * 3);
    expect(await shownTestimonial(page)).toBe(1);
    const { jitterMs } = await wakeOnPausedClock(page, 'testimonials');
    await lookAway(page);
    expect(await shownTestimonial(page)).toBe(1);

    // The first turn counts from when it came into view; each next one from the turn before.
    await advanceClock(page, CAROUSEL_INTERVAL_MS - jitterMs - 1);
    expect(await shownTestimonial(page)).toBe(1);
    await advanceClock(page, jitterMs + 1);
    expect(await shownTestimonial(page)).toBe(2);
    await advanceClock(page, CAROUSEL_INTERVAL_MS - 1);
    expect(await shownTestimonial(page)).toBe(2);
    await advanceClock(page, 1);
    expect(await shownTestimonial(page)).toBe(3);
    await advanceClock(page, CAROUSEL_INTERVAL_MS);
    expect(await shownTestimonial(page)).toBe(4);
    await advanceClock(page, CAROUSEL_INTERVAL_MS);
    expect(await shownTestimonial(page)).toBe(1);
  });

  it('follows previous, next and the indicators, wrapping round at both ends', async () => {
    const { page } = await visit('mobile');
    await pauseClock(page);
    await gotoOnPausedClock(page, '/home');
    await wakeOnPausedClock(page, 'testimonials');

    await control(page, 'Next testimonial').click();
    expect(await shownTestimonial(page)).toBe(2);
    await control(page, 'Previous testimonial').click();
    expect(await shownTestimonial(page)).toBe(1);
    await control(page, 'Previous testimonial').click();
    expect(await shownTestimonial(page)).toBe(4);
    await control(page, 'Next testimonial').click();
    expect(await shownTestimonial(page)).toBe(1);
    await control(page, 'Show testimonial 3').click();
    expect(await shownTestimonial(page)).toBe(3);
    await control(page, 'Show testimonial 1').click();
    expect(await shownTestimonial(page)).toBe(1);
  });

  it('holds still while pointed at, while it has focus and once paused, and moves on again after', async () => {
    const { page } = await visit();
    await pauseClock(page);
    await gotoOnPausedClock(page, '/home');
    await wakeOnPausedClock(page, 'testimonials');
    await lookAway(page);

    // The pointer resting on a review.
    await slides(page).and(page.locator('[aria-hidden="false"]')).hover();
    await advanceClock(page, CAROUSEL_INTERVAL_MS * 3);
    expect(await shownTestimonial(page)).toBe(1);
    await lookAway(page);
    await advanceClock(page, CAROUSEL_INTERVAL_MS);
    expect(await shownTestimonial(page)).toBe(2);

    // Keyboard focus inside the carousel.
    await control(page, 'Next testimonial').focus();
    await advanceClock(page, CAROUSEL_INTERVAL_MS * 3);
    expect(await shownTestimonial(page)).toBe(2);
    await lookAway(page);
    await advanceClock(page, CAROUSEL_INTERVAL_MS);
    expect(await shownTestimonial(page)).toBe(3);

    // Paused by the visitor: it stays paused after they look away.
    await control(page, 'Pause testimonials').click();
    expect(await control(page, 'Play testimonials').isVisible()).toBe(true);
    await lookAway(page);
    await advanceClock(page, CAROUSEL_INTERVAL_MS * 3);
    expect(await shownTestimonial(page)).toBe(3);
    await control(page, 'Play testimonials').click();
    expect(await control(page, 'Pause testimonials').isVisible()).toBe(true);
    await lookAway(page);
    await advanceClock(page, CAROUSEL_INTERVAL_MS);
    expect(await shownTestimonial(page)).toBe(4);
  });
});

describe('the contact form beside the reviews', () => {
  it('stays put on a phone while the reviews turn, so a visitor typing in it is not moved', async () => {
    const { page, goto } = await visit('mobile');
    await goto('/home');
    await carousel(page).scrollIntoViewIfNeeded();
    await expect.poll(() => islandIsAwake(page, 'testimonials'), polled).toBe(true);
    const contactTop = () =>
      page
        .locator('#contact')
        .evaluate((form) => Math.round(form.getBoundingClientRect().top + window.scrollY));
    const tops: number[] = [];
    for (let number = 1; number <= testimonials().length; number += 1) {
      await control(page, `Show testimonial ${number}`).click();
      expect(await shownTestimonial(page)).toBe(number);
      tops.push(await contactTop());
    }
    expect(new Set(tops).size, `the form's top per review: ${tops.join(', ')} px`).toBe(1);
  });
});

describe('the general FAQ', () => {
  it('lists 13 questions, all closed, each opening and closing on its own', async () => {
    const { page, goto } = await visit('mobile');
    await goto('/home');
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    const questions = faq.getByRole('button');
    expect(await questions.allTextContents()).toEqual(generalFaqs().map((item) => item.question));
    expect(
      await questions.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded'))),
    ).toEqual(generalFaqs().map(() => 'false'));
    const answer = (index: number) =>
      faq.getByText(present(generalFaqs()[index], `FAQ ${index + 1}`).answer, { exact: true });
    // Its icon shows what a click will do: a plus while closed, a minus (no upright) while open.
    // (A vertical stroke's box has no width, so its display says whether it is drawn.)
    const uprightDrawn = () =>
      questions
        .nth(0)
        .locator('.icon-upright')
        .evaluate((path) => getComputedStyle(path).display !== 'none');
    expect(await answer(0).isVisible()).toBe(false);
    await expect.poll(uprightDrawn, polled).toBe(true);

    await questions.nth(0).click();
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('true');
    expect(await answer(0).isVisible()).toBe(true);
    expect(await uprightDrawn()).toBe(false);
    await questions.nth(12).click();
    expect(await questions.nth(12).getAttribute('aria-expanded')).toBe('true');
    expect(await answer(12).isVisible()).toBe(true);

    await questions.nth(0).click();
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await answer(0).isVisible()).toBe(false);
    // Closing one leaves the other open.
    expect(await questions.nth(12).getAttribute('aria-expanded')).toBe('true');
    expect(await answer(12).isVisible()).toBe(true);
    expect(await faq.locator('button[aria-expanded="true"]').count()).toBe(1);
  });
});
