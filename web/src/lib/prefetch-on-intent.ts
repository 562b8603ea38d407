/**
 * Each page is its own prerendered document, so opening another page is a page load. It starts
 * before the click: when the visitor points at, touches or focuses a link to one of the site's
 * pages, the browser fetches that page's HTML into its cache (a few kilobytes), and the click then
 * paints it from there.
 */
export function prefetchOnIntent(doc: Document): void {
  // With its query (`/enquiry?product=…`): the click asks for that address, and the cache keys on it.
  const addressOf = (url: URL | Location) => url.pathname + url.search;
  const fetched = new Set<string>([addressOf(doc.location)]);
  const intent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href^="/"]');
    if (!link || link.target === '_blank') return;
    const url = new URL(link.href);
    const address = addressOf(url);
    if (url.origin !== doc.location.origin || fetched.has(address)) return;
    fetched.add(address);
    const hint = doc.createElement('link');
    hint.rel = 'prefetch';
    hint.href = address;
    doc.head.appendChild(hint);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const)
    doc.addEventListener(type, intent, { passive: true, capture: true });
}
