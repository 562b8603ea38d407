/**
 * The Hosting emulator as the stack tests reach it: its origin, a request that does not follow
 * redirects, and the modules a prerendered page's inline boot script loads after its first paint.
 */
export const SITE_ORIGIN = 'http://127.0.0.1:5000';

export const get = (path: string) => fetch(`${SITE_ORIGIN}${path}`, { redirect: 'manual' });

/** The boot script's module list (data-modules), in the order it loads them. */
export function firstLoadModules(html: string): string[] {
  return /<script data-style="[^"]+"[^>]* data-modules="([^"]+)">/.exec(html)?.[1]?.split(' ') ?? [];
}
