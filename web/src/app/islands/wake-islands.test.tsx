import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testimonials } from '../../content/testimonials';
import { draftKeyFor, readDraft } from '../../features/enquiry/form-draft';
import { ProductCatalogue } from '../../features/catalogue/product-catalogue';
import { loadEnquiryForm } from '../../features/enquiry/enquiry-form-slot';
import { POPUP_ON_DESCRIPTION_MS } from '../../features/enquiry/promo-popup';
import { FakeIntersectionObserver } from '../../testing/fake-intersection-observer';
import { PromoPopup } from '../pages/promo-popup';
import { Island } from './island';
import { HYDRATED_ATTRIBUTE, ISLAND_ATTRIBUTES } from './islands';
import { wakeIslands } from './wake-islands';

/** A page as the build writes it: static text around the given islands. */
async function prerendered(islands: React.ReactNode) {
  // The build renders forms complete: their code is loaded first (entry-server.tsx).
  await loadEnquiryForm();
  document.body.innerHTML = renderToString(
    <main>
      <p id="static">Ten years of raw temple hair.</p>
      {islands}
    </main>,
  );
}

const island = (name: string) => document.querySelector<HTMLElement>(`[${ISLAND_ATTRIBUTES.name}="${name}"]`);
const isAwake = (name: string) => island(name)?.hasAttribute(ISLAND_ATTRIBUTES.awake) ?? false;

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
});

describe('waking islands', () => {
  it('hydrates a React island at load in place, leaving the page around it as it arrived', async () => {
    await prerendered(
      <Island name="testimonials" wake="load" props={{ items: JSON.stringify(testimonials()) }} />,
    );
    const staticText = document.getElementById('static');
    const next = screen.getByRole('button', { name: /next/i });

    await wakeIslands();

    expect(isAwake('testimonials')).toBe(true);
    expect(document.documentElement).toHaveAttribute(HYDRATED_ATTRIBUTE);
    // Hydrated, not rendered again: the same elements, now driven by the island's code.
    expect(document.getElementById('static')).toBe(staticText);
    expect(screen.getByRole('button', { name: /next/i })).toBe(next);
    fireEvent.click(next);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Show testimonial 2' })).toHaveAttribute(
        'aria-current',
        'true',
      ),
    );
  });

  it("wakes a DOM island at load with its code alone: the catalogue's cards, the page's own markup, appear", async () => {
    await prerendered(
      <Island name="catalogue" wake="load">
        <ProductCatalogue />
      </Island>,
    );
    const [firstCard, secondCard] = Array.from(document.querySelectorAll('.product-card'));

    await wakeIslands();

    expect(isAwake('catalogue')).toBe(true);
    expect(document.documentElement).toHaveAttribute(HYDRATED_ATTRIBUTE);
    await waitFor(() => expect(firstCard).toHaveAttribute('data-state', 'visible'));
    expect(secondCard).toHaveAttribute('data-state', 'hidden');
    // The same element, which fades in once a tenth of it is on screen.
    expect(document.querySelector('.product-card')).toBe(firstCard);
    FakeIntersectionObserver.show(firstCard as Element);
    expect(firstCard).toHaveClass('visible');
  });

  it('opens the popup on its schedule, with its form inside ready to type into, and wakes the form as it shows', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await prerendered(<PromoPopup page="description" />);
      const dialog = document.querySelector('dialog') as HTMLDialogElement;
      expect(dialog.open).toBe(false);
      // Prerendered inside the closed dialog: nothing waits for code once it opens.
      const name = within(dialog).getByRole('textbox', { name: 'Name', hidden: true });

      await wakeIslands();
      expect(isAwake('promo-popup')).toBe(true);
      expect(isAwake('popup-form')).toBe(false);
      vi.advanceTimersByTime(POPUP_ON_DESCRIPTION_MS - 1);
      expect(dialog.open).toBe(false);
      vi.advanceTimersByTime(1);
      expect(dialog.open).toBe(true);
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBe(name);

      FakeIntersectionObserver.show(island('popup-form')?.firstElementChild as HTMLElement);
      await vi.waitFor(() => expect(isAwake('popup-form')).toBe(true));

      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(dialog.open).toBe(false);
      vi.advanceTimersByTime(10 * POPUP_ON_DESCRIPTION_MS);
      expect(dialog.open).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks a page without islands interactive at once', async () => {
    await prerendered(null);
    await wakeIslands();
    expect(document.documentElement).toHaveAttribute(HYDRATED_ATTRIBUTE);
  });

  it('wakes a visible island only as it comes near the viewport', async () => {
    await prerendered(
      <Island name="testimonials" wake="visible" props={{ items: JSON.stringify(testimonials()) }} />,
    );
    await wakeIslands();
    expect(isAwake('testimonials')).toBe(false);

    FakeIntersectionObserver.show(island('testimonials')?.firstElementChild as HTMLElement);
    await waitFor(() => expect(isAwake('testimonials')).toBe(true));
  });

  it('wakes an island the moment the visitor reaches into it, whatever its time', async () => {
    await prerendered(
      <Island name="enquiry-form" wake="visible" props={{ id: 'home', formpage: 'Homepage' }} />,
    );
    await wakeIslands();
    expect(isAwake('enquiry-form')).toBe(false);

    fireEvent.focusIn(screen.getByRole('textbox', { name: 'Name' }));
    await waitFor(() => expect(isAwake('enquiry-form')).toBe(true));
  });

  it('presses again a button the visitor pressed before the island took over', async () => {
    await prerendered(
      <Island name="testimonials" wake="visible" props={{ items: JSON.stringify(testimonials()) }} />,
    );
    await wakeIslands();
    const next = screen.getByRole('button', { name: /next/i });
    fireEvent.pointerDown(next);
    fireEvent.click(next);

    await waitFor(() => expect(isAwake('testimonials')).toBe(true));
    // Well before the carousel would turn by itself (every 3 s): the press moved it.
    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: 'Show testimonial 2' })).toHaveAttribute(
          'aria-current',
          'true',
        ),
      { timeout: 1_000 },
    );
    expect(screen.getByText(testimonials()[1]?.reviewMessage ?? '', { exact: false })).toBeVisible();
  });

  it("keeps what the visitor typed and loads the page afresh when the island's code cannot be had", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      // A placement of its own: the forms earlier tests woke are still mounted.
      await prerendered(
        <Island name="enquiry-form" wake="visible" props={{ id: 'gone', formpage: 'Homepage' }} />,
      );
      const loadAfresh = vi.fn();
      await wakeIslands(document, {
        loadIsland: () => () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
        loadAfresh,
      });
      const name = screen.getByRole('textbox', { name: 'Name' });
      fireEvent.focusIn(name);
      fireEvent.input(name, { target: { value: 'Meena' } });
      await vi.runAllTimersAsync();

      expect(loadAfresh).toHaveBeenCalledOnce();
      expect(readDraft(draftKeyFor(false, 'gone'), ['name'])?.values).toEqual({ name: 'Meena' });
      expect(isAwake('enquiry-form')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
