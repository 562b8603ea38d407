import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../content/catalogue';
import { site } from '../content/site';
import { App } from './app';
import { pageRoutes } from './routes';

// The browser loads every page's code while idle; here it is loaded up front, so no render waits.
beforeAll(() => Promise.all(pageRoutes.map((route) => route.page.preload())));

/** Opens a page as the browser would: awaiting lets code-split parts load and effects run. */
async function visit(path: string) {
  window.history.replaceState(null, '', path);
  await act(async () => {
    render(<App />);
  });
}

/** The page's h1 (a plain query: role queries over a whole page are slow in jsdom). */
const pageHeading = () =>
  waitFor(() => {
    const heading = document.querySelector('main h1');
    if (!heading) throw new Error('The page has no h1 yet.');
    return heading;
  });

describe('routes', () => {
  it.each([
    ['/home', /Where Remy Hair Meets Royal Quality\./, /Remy & Temple Hair Supplier/],
    ['/products', /^Our Products$/, /Human Hair Products/],
    ['/about', /^About SME$/, /^Best Human Hair Extension Manufacturer/],
    ['/enquiry', /^Book an Enquiry$/, /^Contact SME \| Enquire for Human Hair Extensions Bulk or Retail$/],
    ['/privacy-policy', /^Privacy Policy$/, /^Privacy Policy \| SME$/],
    ['/terms-conditions', /^Terms and Conditions$/, /^Terms and Conditions \| SME$/],
  ])('%s shows its heading and title', async (path, heading, title) => {
    await visit(path);
    expect(await pageHeading()).toHaveTextContent(heading);
    await waitFor(() => expect(document.title).toMatch(title));
    const description = document.head.querySelector('meta[name="description"]')?.getAttribute('content');
    expect(description?.length).toBeGreaterThan(50);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`${path}$`)),
    );
  });

  it('sends the empty path to /home', async () => {
    await visit('/');
    expect(await pageHeading()).toHaveTextContent(/Royal Quality/);
    expect(window.location.pathname).toBe('/home');
  });

  it.each(['/nope', '/products/nope/deeper', '/products/description/no-such-product'])(
    'shows the not-found screen for %s',
    async (path) => {
      await visit(path);
      expect(await pageHeading()).toHaveTextContent('404');
      expect(screen.getByText('Page not found')).toBeInTheDocument();
      await waitFor(() =>
        expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex'),
      );
    },
  );
});

describe('the shell', () => {
  it('underlines the active section in the navigation', async () => {
    await visit('/products/description/machine-weft');
    await pageHeading();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('has a menu toggle that opens, closes, and closes itself after a navigation', async () => {
    const user = userEvent.setup({ delay: null });
    await visit('/home');
    await pageHeading();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }),
    );
    expect(await pageHeading()).toHaveTextContent('About SME');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the terms and privacy policy from the footer in a new tab', async () => {
    await visit('/home');
    await pageHeading();
    const footer = screen.getByRole('contentinfo');
    for (const name of [/Terms & Conditions/, /Privacy Policy/]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    expect(within(footer).getByRole('link', { name: 'Customer Support' })).toHaveAttribute(
      'href',
      '/enquiry',
    );
    expect(
      within(footer).getByText(`© ${__BUILD_YEAR__} ${site.companyName}. All rights reserved.`),
    ).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: /\+91/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
    expect(within(footer).getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });

  it('has a chat-app button on every page', async () => {
    await visit('/about');
    await pageHeading();
    expect(screen.getByRole('link', { name: /^Chat with us on WhatsApp/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\//),
    );
  });
});

describe('the product description page', () => {
  const [firstCategory, secondCategory] = categories;

  it('shows the first product of the first category when nothing was picked', async () => {
    await visit('/products/description');
    expect(await pageHeading()).toHaveTextContent(firstCategory?.products[0]?.productName ?? '');
    const sidebar = screen.getByRole('complementary', { name: firstCategory?.categoryTitle });
    expect(within(sidebar).getAllByRole('link')).toHaveLength(firstCategory?.products.length ?? 0);
  });

  it('switches products from the sidebar without leaving the page', async () => {
    const user = userEvent.setup({ delay: null });
    await visit('/products/description/machine-weft');
    expect(await pageHeading()).toHaveTextContent('Machine Weft');
    const sidebar = screen.getByRole('complementary', { name: secondCategory?.categoryTitle });
    const target = secondCategory?.products[2];
    await user.click(within(sidebar).getByRole('link', { name: target?.productName }));
    expect(await pageHeading()).toHaveTextContent(target?.productName ?? '');
    expect(screen.getByRole('complementary', { name: secondCategory?.categoryTitle })).toBe(sidebar);
    expect(within(sidebar).getByRole('link', { name: target?.productName })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(window.location.pathname).toBe(`/products/description/${target?.slug}`);
  });

  it('remembers the pick from "Read More" for the bare description address', async () => {
    const user = userEvent.setup({ delay: null });
    await visit('/products');
    await pageHeading();
    const target = secondCategory?.products[2];
    const readMore = screen.getByText(`about ${target?.productName}`).closest('a');
    expect(readMore).toHaveTextContent(/^Read More/);
    await user.click(readMore as HTMLAnchorElement);
    expect(await pageHeading()).toHaveTextContent(target?.productName ?? '');
    act(() => window.history.pushState(null, '', '/products/description'));
    await act(async () => window.dispatchEvent(new PopStateEvent('popstate')));
    await waitFor(() => expect(window.location.pathname).toBe(`/products/description/${target?.slug}`));
  }, 15_000);

  it('shows the product as trusted HTML with its FAQs and the bulk-order call to action', async () => {
    await visit('/products/description/raw-hair-10-18-inch');
    await pageHeading();
    const article = screen.getByRole('article');
    expect(article.querySelector('.rich-text strong')).not.toBeNull();
    expect(article.querySelector('.rich-text br')).not.toBeNull();
    // Each fact once: in the table, not again in the text.
    expect(within(article).getByText('Length').closest('dl')).not.toBeNull();
    expect(within(article).getAllByText(/^Lengths?:?$/)).toHaveLength(1);
    expect(within(article).getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
    expect(
      within(article).getByText(/Looking to order in bulk or need a custom solution\?/),
    ).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Contact Us Now' })).toHaveAttribute('href', '/enquiry');
    expect(within(article).getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/products');
    // The product picture is this page's hero: fetched at once, the one eager image on the page.
    const image = within(article).getByRole('img');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('width', '800');
    expect(image).toHaveAttribute('height', '1000');
    expect(image.getAttribute('alt')).toMatch(/raw temple hair/i);
  });
});
