/**
 * Nothing a visitor came to read is hidden or broken, on a phone (390 px) and on a laptop
 * (1280 px), on every screen of the site:
 * - no fixed or sticky element (the header, the phone's contact bar, the chat button) covers the
 *   middle of any text or form field once it is scrolled into view, as a reader scrolls to it;
 * - an email address, a phone number or a pill (a button, a chip) never breaks across lines;
 * and the particular promises of the layout: the enquiry form's first field on the first screen,
 * cards in a row level part for part, legal text at a readable measure, a footer that ends the
 * page, a readable logo tagline, the popup's close button apart from its text, figures and
 * buttons that never stand alone or unequal.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CARD_REVEAL_DELAY_MS } from '../../web/src/lib/reveal-schedule';
import {
  screenshotPath,
  settle,
  VIEWPORT_NAMES,
  type ViewportName,
  waitForStillness,
} from '../support/browser';
import { useJourneys } from './journeys';
import {
  ERROR_SCREENS,
  fieldError,
  fullForm,
  openDescriptionPopup,
  polled,
  PRODUCTS,
  shortForm,
  SITE_ROUTES,
  UNKNOWN_PATH,
  waitForFormReady,
} from './visitor';

const journeys = useJourneys();

/** A screen as a reader has it: every product card revealed, nothing still moving, at the top. */
async function openScreen(viewport: ViewportName, path: string): Promise<Page> {
  const { page, goto } = await journeys.visit(viewport, { expectedFailures: ERROR_SCREENS });
  await page.clock.install();
  await goto(path);
  await page.clock.runFor(PRODUCTS.length * CARD_REVEAL_DELAY_MS);
  await settle(page);
  await waitForStillness(page);
  return page;
}

/**
 * Every element with text of its own and every form field, outside the fixed and sticky bars,
 * scrolled into view the least a reader would scroll to see it (which respects the room the page
 * keeps free under its bars); then whatever the browser finds at its middle. A hit outside the
 * element that belongs to a fixed or sticky bar is a covered element.
 */
function coveredElements(page: Page) {
  return page.evaluate(() => {
    const bar = (element: Element | null): Element | null => {
      for (let node = element; node && node !== document.documentElement; node = node.parentElement) {
        const { position } = getComputedStyle(node);
        if (position === 'fixed' || position === 'sticky') return node;
      }
      return null;
    };
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.className ? ` class="${String(element.className)}"` : ''}> ${(
        element.textContent ?? ''
      )
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40)}`;
    const hasText = (element: Element) =>
      [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
    const targets = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        !element.matches('script, style, noscript, template, option, title') &&
        (hasText(element) || element.matches('input:not([type="hidden"]), select, textarea')) &&
        !bar(element),
    );
    const covered: string[] = [];
    let checked = 0;
    for (const element of targets) {
      const box = element.getBoundingClientRect();
      // Not drawn, or drawn 1 px wide for screen readers only.
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(element).visibility !== 'visible') continue;
      element.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      const seen = element.getBoundingClientRect();
      // Kept off the screen on purpose: the skip link until focused, the bots' trap field.
      if (seen.bottom <= 0 || seen.right <= 0 || seen.left >= innerWidth) continue;
      // A block taller than the screen is read line by line: its first line stands for it.
      const target = seen.height > innerHeight / 2 ? (element.getClientRects()[0] ?? seen) : seen;
      const x = Math.min(Math.max(target.left + target.width / 2, 0), innerWidth - 1);
      const y = target.top + target.height / 2;
      checked += 1;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === element || element.contains(hit))) continue;
      const cover = bar(hit);
      if (cover || !hit)
        covered.push(`${describe(element)} under ${hit ? describe(cover ?? hit) : 'nothing'}`);
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return { checked, covered };
  });
}

/**
 * Each email address and phone number in the page's text, and each pill (a box rounded to half
 * its height, with a fill or a border, that holds text), with the number of lines it is drawn on.
 */
function brokenAcrossLines(page: Page) {
  return page.evaluate(() => {
    const lineCount = (rects: DOMRect[]) => {
      const middles = rects.filter((rect) => rect.width > 0).map((rect) => rect.top + rect.height / 2);
      return middles
        .sort((a, b) => a - b)
        .filter((middle, index, all) => index === 0 || middle - (all[index - 1] ?? middle) > 4).length;
    };
    const contacts = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+\d{1,3}(?:[ \u00a0]\d{2,5}){2,3}/g;
    const found: { what: string; lines: number }[] = [];
    // Text in a box 1 px small is for screen readers only ("Pause testimonials" shows "Pause").
    const shown = (node: Node) => {
      const box = node.parentElement?.getBoundingClientRect();
      return Boolean(box && box.width > 1 && box.height > 1);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!shown(node)) continue;
      for (const match of (node.textContent ?? '').matchAll(contacts)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = lineCount([...range.getClientRects()]);
        if (lines > 0) found.push({ what: match[0], lines });
      }
    }
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const radius = Number.parseFloat(style.borderTopLeftRadius);
      const drawn =
        style.backgroundColor !== 'rgba(0, 0, 0, 0)' || Number.parseFloat(style.borderTopWidth) > 0;
      const text = (element.textContent ?? '').trim();
      if (box.height <= 1 || !drawn || !text || radius < box.height / 2 - 1) continue;
      const rects: DOMRect[] = [];
      const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        if (!shown(node)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...range.getClientRects());
      }
      const lines = lineCount(rects);
      if (lines > 0) found.push({ what: `pill "${text.replace(/\s+/g, ' ').slice(0, 40)}"`, lines });
    }
    return found;
  });
}

describe.each(VIEWPORT_NAMES)('every screen at %s width', (viewport) => {
  it.each(SITE_ROUTES.map((route) => [route.path, route] as const))(
    '%s: no bar covers any text or field, and no address, number or pill breaks',
    async (path) => {
      const page = await openScreen(viewport, path);
      const { checked, covered } = await coveredElements(page);
      // Even the shortest page has its header, footer and a few lines; none means the check saw nothing.
      expect(checked).toBeGreaterThan(15);
      expect(covered).toEqual([]);
      const found = await brokenAcrossLines(page);
      // The footer gives the phone number and the email address on every page; a phone's bar, pills.
      const pills = found.filter((item) => item.what.startsWith('pill'));
      expect(found.length - pills.length).toBeGreaterThanOrEqual(2);
      if (viewport === 'mobile') expect(pills.length).toBeGreaterThanOrEqual(2);
      expect(found.filter((item) => item.lines !== 1)).toEqual([]);
    },
  );
});

/** From the narrowest phone to a wide laptop: the phone's country and number share a line or stack. */
const PHONE_FIELD_WIDTHS = [320, 390, 1280, 1440];
const TEN_DIGITS = '9876543210';

describe('the phone field', () => {
  it.each(PHONE_FIELD_WIDTHS)(
    'at %i px shows its placeholder and a whole 10-digit number, on /enquiry and /home',
    async (width) => {
      const { page, goto } = await journeys.visit(width < 768 ? 'mobile' : 'desktop');
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/enquiry', '/home']) {
        await goto(path);
        const form = fullForm(page);
        await form.phone.scrollIntoViewIfNeeded();
        // The text's width in the input's own font, against the room inside its padding.
        const room = () =>
          form.phone.evaluate(async (input: HTMLInputElement) => {
            await document.fonts.ready;
            const style = getComputedStyle(input);
            const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            const context = document.createElement('canvas').getContext('2d');
            if (!context) throw new Error('no canvas to measure with');
            // The shorthand `font` reads '' when a longhand has no place in it: build it from its parts.
            context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            if (!context.font.includes(style.fontSize))
              throw new Error(`canvas refused the font ${context.font}`);
            return {
              inner,
              placeholder: context.measureText(input.placeholder).width,
              value: context.measureText(input.value).width,
              scrolls: input.scrollWidth > input.clientWidth,
            };
          });
        const empty = await room();
        expect(
          empty.placeholder,
          `${path}: the placeholder's width in ${empty.inner} px`,
        ).toBeLessThanOrEqual(empty.inner);
        if (path === '/enquiry')
          await form.phone
            .locator('xpath=ancestor::div[contains(@class, "field")][1]')
            .screenshot({ path: screenshotPath(`phone-field-${width}`) });
        await form.phone.fill(TEN_DIGITS);
        const typed = await room();
        expect(typed.value).toBeGreaterThan(0);
        expect(typed.value, `${path}: ten digits' width in ${typed.inner} px`).toBeLessThanOrEqual(
          typed.inner,
        );
        expect(typed.scrolls).toBe(false);
        // The country part stays readable beside or above it.
        expect((await form.country.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(120);
      }
    },
  );
});

describe('on a phone', () => {
  it('gives the bottom bar its place: a quote, a call and a chat, with room kept for it under the page', async () => {
    const page = await openScreen('mobile', '/about');
    const bar = page.getByRole('complementary', { name: 'Contact us' });
    const links = bar.getByRole('link');
    expect(await links.evaluateAll((all) => all.map((link) => link.textContent?.trim()))).toEqual([
      'Get a quote',
      'Call',
      'WhatsApp',
    ]);
    expect(await bar.getByRole('link', { name: 'Get a quote' }).getAttribute('href')).toBe('/enquiry');
    expect(await bar.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:\+\d+$/);
    const end = await page.evaluate(() => {
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
      const barTop = document.querySelector('.contact-bar')?.getBoundingClientRect().top ?? NaN;
      const copyright = document.createRange();
      copyright.selectNodeContents(document.querySelector('.site-footer__bottom') ?? document.body);
      const lastLine = copyright.getBoundingClientRect().bottom;
      return { barTop, lastLine, barAtBottom: innerHeight - barTop };
    });
    // Scrolled to the end, the footer's last line stands clear above the bar.
    expect(end.barAtBottom).toBeGreaterThan(40);
    expect(end.lastLine).toBeLessThan(end.barTop);
  });

  it('keeps the field just tapped above the bar when a message appears above it', async () => {
    const { page, goto } = await journeys.visit('mobile');
    await goto('/enquiry');
    const form = fullForm(page);
    await waitForFormReady(form.submit);
    await form.name.focus();
    // The company field sits just above the bar, as a visitor scrolling down to tap it leaves it.
    await form.companyname.evaluate((field) => {
      const barTop = document.querySelector('.contact-bar')?.getBoundingClientRect().top ?? innerHeight;
      window.scrollBy({ top: field.getBoundingClientRect().bottom - barTop + 2, behavior: 'instant' });
    });
    const box = await form.companyname.boundingBox();
    if (!box) throw new Error('the company field is not on screen');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => fieldError(form.name), polled).toBe('Name is required.');
    const seen = await form.companyname.evaluate((field) => ({
      focused: document.activeElement === field,
      bottom: field.getBoundingClientRect().bottom,
      barTop: document.querySelector('.contact-bar')?.getBoundingClientRect().top ?? NaN,
    }));
    expect(seen.focused).toBe(true);
    expect(seen.bottom).toBeLessThanOrEqual(seen.barTop);
  });

  it("leaves the popup's close button clear of its text, with a ring in the site's colour", async () => {
    const { page } = await journeys.visit('mobile');
    const popup = await openDescriptionPopup(page);
    await waitForFormReady(shortForm(popup).submit);
    const close = popup.getByRole('button', { name: 'Close' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    const closeBox = await close.boundingBox();
    const eyebrowBox = await popup.locator('.eyebrow').boundingBox();
    expect(closeBox && eyebrowBox && eyebrowBox.y >= closeBox.y + closeBox.height).toBe(true);
    const ring = await close.evaluate((button) => {
      const style = getComputedStyle(button);
      return {
        focused: button.matches(':focus-visible'),
        style: style.outlineStyle,
        colour: style.outlineColor,
      };
    });
    expect(ring).toEqual({ focused: true, style: 'solid', colour: 'rgb(59, 29, 46)' });
  });

  it('stacks the not-found page’s two buttons at one width', async () => {
    const page = await openScreen('mobile', UNKNOWN_PATH);
    const boxes = await page
      .locator('.not-found__actions .button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(2);
    const [first, second] = boxes;
    expect(second?.top).toBeGreaterThan((first?.bottom ?? Infinity) - 1);
    expect(Math.abs((first?.width ?? 0) - (second?.width ?? -1))).toBeLessThan(1);
  });
});

describe.each(VIEWPORT_NAMES)('at %s width', (viewport) => {
  it("shows the enquiry form's first field on /enquiry's first screen, nothing over it", async () => {
    const { page, goto } = await journeys.visit(viewport);
    await goto('/enquiry');
    const name = fullForm(page).name;
    const seen = await name.evaluate((field) => {
      const box = field.getBoundingClientRect();
      const bar = document.querySelector('.contact-bar');
      const barTop =
        bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect().top : innerHeight;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { scrolled: window.scrollY, top: box.top, bottom: box.bottom, barTop, hit: hit === field };
    });
    expect(seen.scrolled).toBe(0);
    expect(seen.top).toBeGreaterThan(0);
    expect(seen.bottom).toBeLessThanOrEqual(seen.barTop);
    expect(seen.hit).toBe(true);
  });

  it('shows a disabled submit button as solid, not as a dashed drop zone', async () => {
    const { page, goto } = await journeys.visit(viewport);
    await goto('/enquiry');
    const { submit } = fullForm(page);
    await waitForFormReady(submit);
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    expect(await submit.evaluate((button) => getComputedStyle(button).borderTopStyle)).toBe('solid');
  });
});

/** WCAG's contrast ratio of two opaque sRGB colours given as rgb(r, g, b). */
function contrast(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number).map((channel) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe.each(VIEWPORT_NAMES)('the footer at %s width', (viewport) => {
  it.each(SITE_ROUTES.map((route) => [route.path]))(
    '%s ends with it: no strip below, no band above in its colour, its rule as wide as the content',
    async (path) => {
      const page = await openScreen(viewport, path);
      const drawn = await page.evaluate(() => {
        const footer = document.querySelector('footer');
        const rule = document.querySelector('.site-footer__bottom');
        const columns = document.querySelector('.site-footer__grid');
        const lastBlock = document.querySelector('main')?.lastElementChild;
        if (!footer || !rule || !columns || !lastBlock) return null;
        const content = (element: Element) => {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          return {
            left: box.left + Number.parseFloat(style.paddingLeft),
            right: box.right - Number.parseFloat(style.paddingRight),
          };
        };
        const ruleBox = rule.getBoundingClientRect();
        return {
          below:
            document.documentElement.scrollHeight - (footer.getBoundingClientRect().bottom + window.scrollY),
          rule: { left: ruleBox.left, right: ruleBox.right },
          columns: content(columns),
          footerColour: getComputedStyle(footer).backgroundColor,
          lastBlockColour: getComputedStyle(lastBlock).backgroundColor,
        };
      });
      expect(drawn, path).not.toBeNull();
      expect(drawn?.below, path).toBeLessThan(1);
      expect(drawn?.rule, path).toEqual(drawn?.columns);
      expect(drawn?.lastBlockColour, path).not.toBe(drawn?.footerColour);
    },
  );
});

describe('on a laptop', () => {
  it('sets the logo’s tagline as text a visitor can read, at AA contrast', async () => {
    const page = await openScreen('desktop', '/home');
    for (const bar of ['header', 'footer']) {
      const tagline = await page.locator(`${bar} .logo__tagline`).evaluate((element) => {
        const background = (node: Element | null): string => {
          for (let current = node; current; current = current.parentElement) {
            const colour = getComputedStyle(current).backgroundColor;
            // The header's 94% fill over the page's own colour: near enough its opaque self.
            if (colour !== 'rgba(0, 0, 0, 0)')
              return colour.replace(/^rgba\(([^,]+,[^,]+,[^,]+),[^)]+\)$/, 'rgb($1)');
          }
          return 'rgb(255, 255, 255)';
        };
        const style = getComputedStyle(element);
        return {
          size: Number.parseFloat(style.fontSize),
          colour: style.color,
          background: background(element),
        };
      });
      expect(tagline.size, bar).toBeGreaterThanOrEqual(11);
      expect(contrast(tagline.colour, tagline.background), bar).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('lines up the parts of the product cards in each row: names, texts, facts and links', async () => {
    const page = await openScreen('desktop', '/products');
    const misaligned = await page.evaluate(() => {
      const parts = [
        '.product-card__name',
        '.product-card__text',
        '.product-facts__row',
        '.product-card__link',
      ];
      const rows = new Map<number, Element[]>();
      for (const card of document.querySelectorAll('.product-card')) {
        const top = Math.round(card.getBoundingClientRect().top + window.scrollY);
        rows.set(top, [...(rows.get(top) ?? []), card]);
      }
      const problems: string[] = [];
      for (const cards of rows.values()) {
        for (const part of parts) {
          const tops = cards.map((card) =>
            [...card.querySelectorAll(part)].map((element) =>
              Math.round(element.getBoundingClientRect().top),
            ),
          );
          const first = JSON.stringify(tops[0]);
          if (tops.some((each) => JSON.stringify(each) !== first))
            problems.push(`${part}: ${JSON.stringify(tops)}`);
        }
      }
      return { rows: [...rows.values()].map((cards) => cards.length), problems };
    });
    expect(misaligned.rows).toEqual([3, 4, 5]);
    expect(misaligned.problems).toEqual([]);
  });

  it('never leaves a figure of "SME at a glance" alone in its row', async () => {
    const page = await openScreen('desktop', '/home');
    const rows = await page.locator('.home-facts__item').evaluateAll((items) => {
      const byTop = new Map<number, number>();
      for (const item of items) {
        const top = Math.round(item.getBoundingClientRect().top);
        byTop.set(top, (byTop.get(top) ?? 0) + 1);
      }
      return [...byTop.values()];
    });
    expect(rows.reduce((sum, count) => sum + count, 0)).toBe(5);
    expect(Math.min(...rows)).toBeGreaterThan(1);
  });

  it('sets the legal texts at a readable measure: 60 to 80 characters a line', async () => {
    for (const path of ['/privacy-policy', '/terms-conditions']) {
      const page = await openScreen('desktop', path);
      const lines = await page.evaluate(() => {
        const lengths: number[] = [];
        for (const block of document.querySelectorAll('.legal p, .legal li')) {
          const perLine = new Map<number, number>();
          const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (let index = 0; index < text.length; index += 1) {
              const range = document.createRange();
              range.setStart(node, index);
              range.setEnd(node, index + 1);
              const rect = range.getClientRects()[0];
              if (!rect) continue;
              const line = Math.round(rect.top + rect.height / 2);
              perLine.set(line, (perLine.get(line) ?? 0) + 1);
            }
          }
          // A block's last line is as long as its sentence ends; the others show the measure.
          lengths.push(...[...perLine.values()].slice(0, -1));
        }
        return lengths;
      });
      expect(lines.length, path).toBeGreaterThan(20);
      const sorted = [...lines].sort((a, b) => a - b);
      // The measure: no line longer than 80, the typical line at least 60; a line cut short by
      // the long word after it may fall a little below.
      expect(sorted.at(-1), path).toBeLessThanOrEqual(80);
      expect(sorted[Math.floor(sorted.length / 2)], path).toBeGreaterThanOrEqual(60);
      expect(sorted[0], path).toBeGreaterThanOrEqual(55);
      const updated = page.locator('.legal__updated time');
      expect(await updated.getAttribute('datetime'), path).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
