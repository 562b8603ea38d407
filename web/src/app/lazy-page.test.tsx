import { act, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/error-boundary';
import { CODE_RETRY_DELAYS_MS } from '../lib/code-loading';
import { lazyPage } from './lazy-page';

function AboutContent() {
  return <h1>About us</h1>;
}

const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
const everyRetry = CODE_RETRY_DELAYS_MS.length + 1;
const retriesMs = CODE_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);

function tree(Page: React.ComponentType) {
  return (
    <ErrorBoundary fallback={() => <p>fallback shown</p>}>
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}

// What happens after a navigation (the failure goes to the page's error boundary, which loads the
// page afresh) is proven in Chromium: tests/e2e/resilience.test.ts.
describe('a code-split page', () => {
  it('keeps the prerendered page on screen when its code cannot be had while hydrating', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree(lazyPageLoaded()));
    document.body.append(container);
    const prerendered = container.querySelector('h1');
    const load = vi.fn(gone);
    const Page = lazyPage(load);
    await act(async () => {
      hydrateRoot(container, tree(Page));
    });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(everyRetry), { timeout: retriesMs + 3_000 });
    await act(async () => undefined);
    expect(container.querySelector('h1')).toBe(prerendered);
    expect(container.textContent).toBe('About us');
    container.remove();
  });
});

/** The same page as the build's prerender sees it: already loaded. */
function lazyPageLoaded() {
  const Page = lazyPage(() => Promise.resolve({ default: AboutContent }));
  void Page.preload();
  return function Loaded() {
    return <AboutContent />;
  };
}
