import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testimonials } from '../../content/testimonials';
import { draftKeyFor, readDraft } from '../../features/enquiry/form-draft';
import { loadEnquiryForm } from '../../features/enquiry/enquiry-form-slot';
import { FakeIntersectionObserver } from '../../testing/fake-intersection-observer';
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
  it('hydrates an island at load in place, leaving the page around it as it arrived', async () => {
    await prerendered(<Island name="catalogue" wake="load" />);
    const staticText = document.getElementById('static');
    const firstCard = document.querySelector('.product-card');

    await wakeIslands();

    expect(isAwake('catalogue')).toBe(true);
    expect(document.documentElement).toHaveAttribute(HYDRATED_ATTRIBUTE);
    // Hydrated, not rendered again: the same elements, now driven by the island's code.
    expect(document.getElementById('static')).toBe(staticText);
    expect(document.querySelector('.product-card')).toBe(firstCard);
    await waitFor(() => expect(firstCard).toHaveAttribute('data-state', 'visible'));
  });

  it('marks a page without islands interactive at once', async () => {
    await prerendered(null);
    await wakeIslands();
    expect(document.documentElement).toHaveAttribute(HYDRATED_ATTRIBUTE);
  });

  it('wakes a visible island only as it comes near the viewport', async () => {
    await prerendered(<Island name="testimonials" wake="visible" />);
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
    await prerendered(<Island name="testimonials" wake="visible" />);
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
