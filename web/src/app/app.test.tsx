import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categories } from '../content/catalogue';
import { site } from '../content/site';
import { productPath } from '../config/paths';
import { followSelection } from '../features/catalogue/selection-memory';
import { renderPageHead, type PageHead } from '../features/seo/page-head';
import { App } from './app';
import { enhanceSiteMenu } from './shell/site-menu';

/**
 * Opens a page as a browser receives it: the HTML and head the build renders for the address,
 * then the page code's behaviours (the menu, the pick memory), as entry-client.ts runs them.
 */
function visit(path: string, open = vi.fn<(url: string) => void>()) {
  let head: PageHead | null = null;
  const html = renderToString(<App ssrPath={path} collectHead={(pageHead) => (head = pageHead)} />);
  if (!head) throw new Error(`${path} rendered without a page head.`);
  document.head.innerHTML = renderPageHead(head);
  document.body.innerHTML = `<div id="root">${html}</div>`;
  window.history.replaceState(null, '', path);
  enhanceSiteMenu(document);
  followSelection(document, productPath, open);
  return { open };
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const pageHeading = () => document.querySelector('main h1');

describe('routes', () => {
  it.each([
    ['/home', /Where Remy Hair Meets Royal Quality\./, /Remy & Temple Hair Supplier/],
    ['/products', /^Our Products$/, /Human Hair Products/],
    ['/about', /^About SME$/, /^Best Human Hair Extension Manufacturer/],
    ['/enquiry', /^Book an Enquiry$/, /^Contact SME \| Enquire for Human Hair Extensions Bulk or Retail$/],
    ['/privacy-policy', /^Privacy Policy$/, /^Privacy Policy \| SME$/],
    ['/terms-conditions', /^Terms and Conditions$/, /^Terms and Conditions \| SME$/],
  ])('%s shows its heading and title', (path, heading, title) => {
    visit(path);
    expect(pageHeading()).toHaveTextContent(heading);
    expect(document.title).toMatch(title);
    const description = document.head.querySelector('meta[name="description"]')?.getAttribute('content');
    expect(description?.length).toBeGreaterThan(50);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`${path}$`)),
    );
  });

  it.each(['/nope', '/products/nope/deeper', '/products/description/no-such-product'])(
    'shows the not-found screen for %s',
    (path) => {
      visit(path);
      expect(pageHeading()).toHaveTextContent('404');
      expect(screen.getByText('Page not found')).toBeInTheDocument();
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    },
  );
});

describe('the shell', () => {
  it('underlines the active section in the navigation', () => {
    visit('/products/description/machine-weft');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('has a menu toggle that opens, closes on a second tap and on Escape, focus going back to it', async () => {
    const user = userEvent.setup({ delay: null });
    visit('/home');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).toHaveAttribute('data-open', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(list).toHaveAttribute('data-open', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    within(list as HTMLElement)
      .getByRole('link', { name: 'About' })
      .focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).toHaveAttribute('data-open', 'false');
    expect(toggle).toHaveFocus();
  });

  it('links every section as a page of its own, with no client-side router', () => {
    visit('/home');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/home', '/products', '/about', '/enquiry']);
  });

  it('opens the terms and privacy policy from the footer in a new tab', () => {
    visit('/home');
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

  it('has a chat-app button on every page', () => {
    visit('/about');
    expect(screen.getByRole('link', { name: /^Chat with us on WhatsApp/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\//),
    );
  });

  /** The first message the chat button types into WhatsApp. */
  const chatMessage = () => {
    const href = screen.getByRole('link', { name: /^Chat with us on WhatsApp/ }).getAttribute('href') ?? '';
    const url = new URL(href);
    expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${site.whatsapp.number}`);
    return url.searchParams.get('text');
  };

  it("opens the chat on a product's page naming the product and its address, elsewhere with the greeting", () => {
    visit('/products/description/machine-weft');
    expect(chatMessage()).toBe(
      `Hello, I’d like a price for Machine Weft: ${site.siteUrl}/products/description/machine-weft`,
    );
    // The bare address shows the first product: its own address is the one to quote.
    const first = categories()[0]?.products[0];
    visit('/products/description');
    expect(chatMessage()).toBe(
      `Hello, I’d like a price for ${first?.productName}: ${site.siteUrl}${productPath(first?.slug ?? '')}`,
    );
    for (const path of [
      '/home',
      '/products',
      '/enquiry',
      '/about',
      '/products/description/no-such-product',
    ]) {
      visit(path);
      expect(chatMessage(), path).toBe(site.whatsapp.message);
    }
  });

  it("starts the contact bar's quote from the product on a product's page, and from nothing elsewhere", () => {
    const bar = () => screen.getByRole('complementary', { name: 'Contact us' });
    visit('/products/description/machine-weft');
    expect(within(bar()).getByRole('link', { name: 'Get a quote' })).toHaveAttribute(
      'href',
      '/enquiry?product=machine-weft',
    );
    visit('/about');
    expect(within(bar()).getByRole('link', { name: 'Get a quote' })).toHaveAttribute('href', '/enquiry');
  });
});

describe('the product description page', () => {
  const [firstCategory, secondCategory] = categories();

  it('shows the first product of the first category when nothing was picked', () => {
    const { open } = visit('/products/description');
    expect(pageHeading()).toHaveTextContent(firstCategory?.products[0]?.productName ?? '');
    const sidebar = screen.getByRole('complementary', { name: firstCategory?.categoryTitle });
    expect(within(sidebar).getAllByRole('link')).toHaveLength(firstCategory?.products.length ?? 0);
    expect(open).not.toHaveBeenCalled();
  });

  it('links each product of the category in the sidebar to its own page, marking the one shown', () => {
    visit('/products/description/machine-weft');
    expect(pageHeading()).toHaveTextContent('Machine Weft');
    const sidebar = screen.getByRole('complementary', { name: secondCategory?.categoryTitle });
    for (const product of secondCategory?.products ?? []) {
      const link = within(sidebar).getByRole('link', { name: product.productName });
      expect(link).toHaveAttribute('href', productPath(product.slug));
      if (product.slug === 'machine-weft') expect(link).toHaveAttribute('aria-current', 'page');
      else expect(link).not.toHaveAttribute('aria-current');
    }
  });

  it('remembers the product a visitor opened, and the bare description address opens it', () => {
    const target = secondCategory?.products[2];
    visit(productPath(target?.slug ?? ''));
    expect(pageHeading()).toHaveTextContent(target?.productName ?? '');
    const { open } = visit('/products/description');
    expect(open).toHaveBeenCalledExactlyOnceWith(productPath(target?.slug ?? ''));
  });

  it('links "Read More" on the products page to each product\'s own page', () => {
    visit('/products');
    for (const product of categories().flatMap((category) => category.products)) {
      const readMore = screen.getByText(`about ${product.productName}`).closest('a');
      expect(readMore).toHaveTextContent(/^Read More/);
      expect(readMore).toHaveAttribute('href', productPath(product.slug));
    }
  });

  it('shows the product as trusted HTML with its FAQs and the bulk-order call to action', () => {
    visit('/products/description/raw-hair-10-18-inch');
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
    // The product's own quote, beside its facts and before its questions, names it and carries it.
    const quote = within(article).getByRole('link', {
      name: 'Request a quote for Raw Temple Hair 10–18 Inch',
    });
    expect(quote).toHaveAttribute('href', '/enquiry?product=raw-hair-10-18-inch');
    // The name is said, not shown: the heading shows it, and the button stays one line on a phone.
    expect(quote.querySelector('.visually-hidden')).toHaveTextContent('for Raw Temple Hair 10–18 Inch');
    expect(quote).toHaveClass('button--primary');
    const facts = within(article).getByText('Length').closest('dl') as Element;
    const questions = within(article).getByRole('heading', { name: 'Frequently Asked Questions' });
    expect(facts.compareDocumentPosition(quote) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(quote.compareDocumentPosition(questions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
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
