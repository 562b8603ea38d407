/**
 * The page template takes the owner's text as text: every replacement pattern a string replacement
 * would read (`$$ $& $' $\` $1 $<name>`) lands on the page exactly as written. The whole renderer
 * is fuzzed the same way on built pages in tests/functions/site-publish.test.ts (it needs the build).
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPLY_SPEED_PATH } from '../functions/src/contract/delivery/reply-speed';
import { headersFor } from '../functions/src/site/budget';
import type { HostingJson } from '../functions/src/site/hosting-api';
import { checkFunctionsKeepTheirCache, fillPageTemplate } from './site-render';

const TEMPLATE =
  '<!doctype html><html><head><meta charset="UTF-8"><!--page-head--></head><body><div id="root"><!--page-html--></div></body></html>';

/** Every pattern String.prototype.replace reads in a string replacement. */
const REPLACEMENT_PATTERNS = ['$$', '$&', "$'", '$`', '$1', '$<name>', '$0', '$'];

/** Text built from the replacement patterns, markup-like pieces and ordinary words. */
const ownerTextWithPatterns = fc
  .array(
    fc.oneof(
      fc.constantFrom(...REPLACEMENT_PATTERNS),
      fc.constantFrom('<!--page-html-->', '<!--page-head-->', '</body>', '<b>', '&amp;', '<script>'),
      fc.string({ maxLength: 6 }),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((pieces) => pieces.join(''));

describe('fillPageTemplate', () => {
  it('puts the head, the page and the boot script in place exactly as given', () => {
    fc.assert(
      fc.property(ownerTextWithPatterns, ownerTextWithPatterns, (head, html) => {
        const page = fillPageTemplate(TEMPLATE, { head, html, boot: '<script>boot()</script>' });
        expect(page).toBe(
          `<!doctype html><html><head><meta charset="UTF-8">${head}</head><body><div id="root">${html}</div>  <script>boot()</script>\n  </body></html>`,
        );
      }),
      { numRuns: 500 },
    );
  });

  it.each(REPLACEMENT_PATTERNS)('keeps %s in a price as written', (pattern) => {
    const html = `<p>From ${pattern}120 a bundle</p>`;
    const page = fillPageTemplate(TEMPLATE, { head: '<title>x</title>', html, boot: '' });
    expect(page).toContain(`<div id="root">${html}</div>`);
    expect(page).not.toContain('<!--page-html-->');
  });
});

describe("a function's answer keeps its own Cache-Control through Hosting", () => {
  const { hosting } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'firebase.json'), 'utf8')) as {
    hosting: HostingJson;
  };

  it('gives the pages and files their cache header, and the reply-speed answer none of firebase.json’s', () => {
    expect(headersFor('/home', hosting).get('cache-control')).toBe(
      'Cache-Control: public, max-age=0, must-revalidate\r\n',
    );
    expect(headersFor('/', hosting).has('cache-control')).toBe(true);
    expect(headersFor('/apricot-weft', hosting).has('cache-control')).toBe(true);
    expect(headersFor('/assets/app.js', hosting).get('cache-control')).toContain('immutable');
    expect(headersFor(REPLY_SPEED_PATH, hosting).has('cache-control')).toBe(false);
    expect(() => checkFunctionsKeepTheirCache(hosting)).not.toThrow();
  });

  it('refuses a config whose site-wide rule would replace the function’s header', () => {
    const siteWide: HostingJson = {
      ...hosting,
      headers: [{ source: '**', headers: [{ key: 'Cache-Control', value: 'no-cache' }] }],
    };
    expect(() => checkFunctionsKeepTheirCache(siteWide)).toThrow(
      `firebase.json gives ${REPLY_SPEED_PATH} a Cache-Control of its own`,
    );
  });
});
