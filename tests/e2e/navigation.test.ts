/**
 * A visitor finding their way around: every screen at phone and laptop width, the header and its
 * mobile menu, the footer, the chat button, unknown addresses, and the scroll back to the top.
 * Everything runs under the site's real Content-Security-Policy; a violation or page error fails.
 */
import '../support/seed-content';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { site } from '../../web/src/content/site';
import { scrollY, VIEWPORT_NAMES, VIEWPORTS, waitForHydration } from '../support/browser';
import {
  ERROR_SCREENS,
  polled,
  present,
  routeAt,
  SITE_ROUTES,
  UNKNOWN_PATH,
  pageHeading,
  pathOf,
} from './visitor';
import { useJourneys } from './journeys';

const journeys = useJourneys();
const visitAt = journeys.visit;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const navLink = (page: Page, name: string) => mainNav(page).getByRole('link', { name, exact: true });
const menuToggle = (page: Page) => mainNav(page).getByRole('button');
const metaDescription = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');
const decorationOf = (page: Page, name: string) =>
  navLink(page, name).evaluate((link) => getComputedStyle(link).textDecorationLine);

async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  );
  await expect.poll(() => scrollY(page), polled).toBeGreaterThan(0);
}

/** After a client navigation: the new address, its heading, and the window back at the top. */
/** The link opened its page (a document of its own), at the top, and the page's code runs. */
async function expectArrivedAt(page: Page, path: string, h1: string): Promise<void> {
  await expect.poll(() => pathOf(page), polled).toBe(path);
  await expect.poll(() => pageHeading(page).textContent(), polled).toContain(h1);
  await expect.poll(() => scrollY(page), polled).toBe(0);
  await waitForHydration(page);
}

describe.each(VIEWPORT_NAMES)('every screen at %s width', (viewport) => {
  it('answers with its status, title, meta description, heading and the current section marked', async () => {
    const { page, goto } = await visitAt(viewport, { expectedFailures: ERROR_SCREENS });
    for (const route of SITE_ROUTES) {
      const response = await goto(route.path);
      expect(response?.status(), route.path).toBe(route.status);
      expect(await page.title(), route.path).toBe(route.title);
      expect(await metaDescription(page), route.path).toBe(route.description);
      await expect.poll(() => pageHeading(page).textContent(), polled).toContain(route.h1);
      const current = await mainNav(page).locator('a[aria-current="page"]').allTextContents();
      expect(current, route.path).toEqual(route.navLink ? [route.navLink] : []);
      // Nothing spills sideways: the page fits the visitor's screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, route.path).toBe(0);
    }
  });
});

describe('what search engines that run the page read', () => {
  it("keeps each page's structured data once the page has started", async () => {
    const { page, goto } = await visitAt('desktop', { expectedFailures: ERROR_SCREENS });
    const withStructuredData: string[] = [];
    for (const route of SITE_ROUTES) {
      const response = await goto(route.path);
      const served =
        /<script type="application\/ld\+json" id="page-structured-data"[^>]*>([\s\S]*?)<\/script>/.exec(
          (await response?.text()) ?? '',
        )?.[1];
      if (!served) continue;
      withStructuredData.push(route.path);
      const live = await page.evaluate(
        () => document.getElementById('page-structured-data')?.textContent ?? null,
      );
      expect(live, `${route.path}: the JSON-LD served with the page is still in it`).toBe(served);
    }
    // /products has none: its room went to the owner's photos (products-page.tsx).
    expect(withStructuredData).toEqual(expect.arrayContaining(['/home', '/about']));
  });
});

describe('the address bar', () => {
  it('sends the bare domain to /home with a permanent redirect', async () => {
    const { page } = await visitAt('desktop');
    const response = await page.goto('/');
    const redirect = await response?.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(301);
    expect(pathOf(page)).toBe('/home');
    await waitForHydration(page);
    await expect.poll(() => pageHeading(page).textContent(), polled).toContain(routeAt('/home').h1);
  });

  it('shows 404 / Page not found for an unknown address, which the server answers with 404', async () => {
    const { page, goto } = await visitAt('mobile', { expectedFailures: [new RegExp(`^${UNKNOWN_PATH}$`)] });
    const response = await goto(UNKNOWN_PATH);
    expect(response?.status()).toBe(404);
    await expect.poll(() => pageHeading(page).textContent(), polled).toBe('404');
    expect(await page.getByText('Page not found', { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expectArrivedAt(page, '/home', routeAt('/home').h1);
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
  });

  it('shows the same 404 page, without a page error, for a product that does not exist', async () => {
    const { page, goto } = await visitAt('desktop', {
      expectedFailures: [/^\/products\/description\/synthetic-wig$/],
    });
    const response = await goto('/products/description/synthetic-wig');
    expect(response?.status()).toBe(404);
    await expect.poll(() => pageHeading(page).textContent(), polled).toBe('404');
    expect(await page.getByText('Page not found', { exact: true }).isVisible()).toBe(true);
  });
});

describe('the header', () => {
  it('underlines only the current section, and follows the visitor from page to page', async () => {
    const { page, goto } = await visitAt('desktop');
    await goto('/about');
    await page.mouse.move(0, 0);
    const sections = [
      { link: 'Home', path: '/home' },
      { link: 'Products', path: '/products' },
      { link: 'About', path: '/about' },
      { link: 'Enquiry', path: '/enquiry' },
    ];
    for (const { link, path } of sections) {
      const route = routeAt(path);
      await scrollToBottom(page);
      await navLink(page, link).click();
      await page.mouse.move(0, 0);
      await expectArrivedAt(page, path, route.h1);
      await expect.poll(() => page.title(), polled).toBe(route.title);
      expect(await metaDescription(page)).toBe(route.description);
      expect(await navLink(page, link).getAttribute('aria-current')).toBe('page');
      expect(await decorationOf(page, link)).toContain('underline');
      for (const other of sections.filter((section) => section.link !== link)) {
        expect(await navLink(page, other.link).getAttribute('aria-current')).toBeNull();
        expect(await decorationOf(page, other.link)).not.toContain('underline');
      }
    }
  });

  it('on a phone, hides the links behind a menu button that opens, closes and leads to each section', async () => {
    const { page, goto } = await visitAt('mobile');
    await goto('/home');
    const toggle = menuToggle(page);
    const list = mainNav(page).getByRole('list');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.textContent()).toBe('Open menu');
    expect(await list.isVisible()).toBe(false);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.textContent()).toBe('Close menu');
    expect(await list.isVisible()).toBe(true);
    expect(await decorationOf(page, 'Home')).toContain('underline');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await list.isVisible()).toBe(false);

    await toggle.click();
    await page.keyboard.press('Escape');
    await expect.poll(() => list.isVisible(), polled).toBe(false);

    for (const { link, path } of [
      { link: 'Products', path: '/products' },
      { link: 'About', path: '/about' },
      { link: 'Enquiry', path: '/enquiry' },
      { link: 'Home', path: '/home' },
    ]) {
      const route = routeAt(path);
      await scrollToBottom(page);
      await toggle.click();
      await navLink(page, link).click();
      await expectArrivedAt(page, path, route.h1);
      // Arriving closes the menu, so the new page is not hidden behind it.
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await list.isVisible()).toBe(false);
      const hiddenLink = mainNav(page).getByRole('link', { name: link, exact: true, includeHidden: true });
      expect(await hiddenLink.getAttribute('aria-current')).toBe('page');
    }
  });
});

describe('the footer and the chat button', () => {
  it('leads to the company pages and support, and opens the legal pages in a new tab', async () => {
    const { page, goto, context } = await visitAt('desktop');
    await goto('/home');
    const footer = page.getByRole('contentinfo');
    const company = footer.getByRole('navigation', { name: 'Company' });
    const help = footer.getByRole('navigation', { name: 'Help' });

    for (const { scope, link, path } of [
      { scope: company, link: 'About', path: '/about' },
      { scope: company, link: 'Products', path: '/products' },
      { scope: help, link: 'Customer Support', path: '/enquiry' },
    ]) {
      await scrollToBottom(page);
      await scope.getByRole('link', { name: link, exact: true }).click();
      await expectArrivedAt(page, path, routeAt(path).h1);
    }

    for (const { link, path } of [
      { link: 'Terms & Conditions (opens in a new tab)', path: '/terms-conditions' },
      { link: 'Privacy Policy (opens in a new tab)', path: '/privacy-policy' },
    ]) {
      const route = routeAt(path);
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        help.getByRole('link', { name: link }).click(),
      ]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe(path);
      await expect.poll(() => tab.getByRole('heading', { level: 1 }).textContent(), polled).toBe(route.h1);
      expect(await tab.title()).toBe(route.title);
      await tab.close();
      // The visitor's own tab stays where it was.
      expect(pathOf(page)).toBe('/enquiry');
    }
  });

  it('gives the phone number, the email address, the copyright year and a chat button on every width', async () => {
    for (const viewport of VIEWPORT_NAMES) {
      const { page, goto } = await visitAt(viewport);
      await goto('/about');
      const footer = page.getByRole('contentinfo');
      expect(await footer.getByRole('link', { name: site.phone.display }).getAttribute('href')).toBe(
        `tel:${site.phone.e164}`,
      );
      expect(await footer.getByRole('link', { name: site.email }).getAttribute('href')).toBe(
        `mailto:${site.email}`,
      );
      expect(
        await footer.getByText(`© ${__BUILD_YEAR__} ${site.companyName}. All rights reserved.`).isVisible(),
      ).toBe(true);

      const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp (opens in a new tab)' });
      expect(await chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
      expect(await chat.getAttribute('target')).toBe('_blank');
      // Fixed bottom-right, on screen wherever the visitor has scrolled.
      for (const where of ['top', 'bottom'] as const) {
        if (where === 'bottom') await scrollToBottom(page);
        const box = present(await chat.boundingBox(), `the chat button at ${viewport} width, ${where}`);
        const { width, height } = VIEWPORTS[viewport];
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(box.x).toBeGreaterThan(width / 2);
        expect(box.y + box.height).toBeLessThanOrEqual(height);
        expect(box.y).toBeGreaterThan(height / 2);
      }
    }
  });

  it('on a phone, never lets the chat button cover a field, button or link', async () => {
    const { page, goto } = await visitAt('mobile');
    for (const path of ['/enquiry', '/home']) {
      await goto(path);
      const controls = page
        .locator('main')
        .locator('input:not([type="hidden"]), select, textarea, button, a[href]');
      const count = await controls.count();
      expect(count).toBeGreaterThan(10);
      for (let index = 0; index < count; index += 1) {
        const control = controls.nth(index);
        if (!(await control.isVisible())) continue;
        // Scrolled to the lowest place a reader scrolling down meets it, as focus would put it.
        const covered = await control.evaluate((element) => {
          element.scrollIntoView({ block: 'end', behavior: 'instant' });
          const box = element.getBoundingClientRect();
          // Off-screen on purpose (the bots' trap field) or not laid out: nothing to cover.
          if (box.width === 0 || box.height === 0 || box.right <= 0) return null;
          const chat = document.querySelector('a.chat-button')?.getBoundingClientRect();
          if (!chat) return 'no chat button';
          const overlapsChat =
            box.left < chat.right && box.right > chat.left && box.top < chat.bottom && box.bottom > chat.top;
          // The right end of each line of it, where a floating button would sit, is its own.
          const ends = Array.from(element.getClientRects()).map((line) =>
            document.elementFromPoint(
              Math.min(line.right - 2, window.innerWidth - 2),
              Math.min(line.top + line.height / 2, window.innerHeight - 2),
            ),
          );
          const hidden = ends.some((hit) => !hit || !(hit === element || element.contains(hit)));
          return overlapsChat || hidden
            ? `${element.tagName.toLowerCase()} ${element.id || element.textContent?.trim().slice(0, 30)}`
            : null;
        });
        expect(covered, `${path}: control ${index}`).toBeNull();
      }
    }
  });
});
