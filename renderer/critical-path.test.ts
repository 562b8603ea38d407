import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_BLOCKS,
  firstScreenOf,
  STYLED_ATTRIBUTE,
  heroPreload,
  inlineHash,
  withInlineHashes,
  withoutPointerRules,
  withoutUnusedProperties,
  withPagePolicies,
} from './critical-path';

describe('heroPreload', () => {
  const picture = (imgAttributes: string) =>
    `<main><picture class="hero__image"><source type="image/avif" srcSet="/a-480.avif 480w, /a-768.avif 768w" sizes="(max-width: 767.98px) 92vw, 26rem"/>` +
    `<source type="image/webp" srcSet="/a-480.webp 480w" sizes="100vw"/><img src="/a.webp" alt="" ${imgAttributes}/></picture></main>`;

  it("repeats the hero picture's AVIF source: type, srcset and sizes", () => {
    expect(heroPreload(picture('loading="eager" fetchPriority="high"'))).toBe(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/a-480.avif 480w, /a-768.avif 768w" imagesizes="(max-width: 767.98px) 92vw, 26rem" fetchpriority="high">',
    );
  });

  it('preloads nothing when no picture is the page’s hero', () => {
    expect(heroPreload(picture('loading="lazy"'))).toBe('');
    expect(heroPreload('<main><p>Text only</p></main>')).toBe('');
  });

  it('takes the hero, not an earlier picture', () => {
    const earlier =
      '<picture><source type="image/avif" srcSet="/logo.avif 1x"/><img src="/logo.png"/></picture>';
    expect(heroPreload(earlier + picture('fetchpriority="high"'))).toContain('imagesrcset="/a-480.avif 480w');
  });
});

describe('firstScreenOf', () => {
  const page = (blocks: number) =>
    `<!doctype html><html><head><style>p{}</style></head><body><div id="root"><a class="skip-link">Skip</a><header><nav>Menu</nav></header>` +
    `<main>${Array.from({ length: blocks }, (_, index) => `<section id="block-${index}">Block ${index}<footer>Quote</footer></section>`).join('')}</main>` +
    '<footer>Footer</footer><aside class="contact-bar">Chat</aside></div></body></html>';

  it("keeps the shell and main's first blocks, and leaves out the later blocks and the page's footer", () => {
    const { html } = firstScreenOf(page(6));
    for (let index = 0; index < 6; index += 1)
      expect(html.includes(`id="block-${index}"`), `block ${index}`).toBe(index < FIRST_SCREEN_BLOCKS);
    expect(html).toContain('<header><nav>Menu</nav></header>');
    expect(html).toContain('<a class="skip-link">Skip</a>');
    expect(html).toContain('<aside class="contact-bar">Chat</aside>');
    expect(html).toContain('<style>p{}</style>');
    expect(html).not.toContain('<footer>Footer</footer>');
    // A block's own footer (a quote's source, say) is not the page's.
    expect(html).toContain('<footer>Quote</footer>');
  });

  it('hides what it left out until the full stylesheet is in', () => {
    expect(firstScreenOf(page(6)).hideRest).toBe(
      `:root:not([${STYLED_ATTRIBUTE}]) main>:nth-child(n+${FIRST_SCREEN_BLOCKS + 1}),` +
        `:root:not([${STYLED_ATTRIBUTE}]) main~footer{visibility:hidden}`,
    );
    expect(firstScreenOf(page(2)).hideRest).toBe(
      `:root:not([${STYLED_ATTRIBUTE}]) main~footer{visibility:hidden}`,
    );
  });

  it('keeps fewer blocks on a page that says its first screen shows fewer', () => {
    const { html, hideRest } = firstScreenOf(page(4), 2);
    for (let index = 0; index < 4; index += 1)
      expect(html.includes(`id="block-${index}"`), `block ${index}`).toBe(index < 2);
    expect(hideRest).toContain(`:root:not([${STYLED_ATTRIBUTE}]) main>:nth-child(n+3),`);
  });

  it('keeps the footer of a page whose main is a single block, as on the 404 page', () => {
    const { html, hideRest } = firstScreenOf(page(1));
    expect(html).toContain('<footer>Footer</footer>');
    expect(hideRest).toBe('');
  });

  it('leaves out a closed dialog, wherever it is, without counting it out of the blocks', () => {
    const withPopup = page(2).replace(
      '</main>',
      '<div data-island="promo-popup"><dialog class="dialog"><form>Short form</form></dialog></div></main>',
    );
    const { html, hideRest } = firstScreenOf(withPopup);
    expect(html).not.toContain('<dialog');
    expect(html).not.toContain('Short form');
    expect(html).toContain('id="block-1"');
    expect(hideRest).toBe(`:root:not([${STYLED_ATTRIBUTE}]) main~footer{visibility:hidden}`);
    // An open one is on screen.
    expect(
      firstScreenOf(withPopup.replace('<dialog class="dialog">', '<dialog class="dialog" open>')).html,
    ).toContain('Short form');
  });

  it('refuses a page without <main>', () => {
    expect(() => firstScreenOf('<html><body><p>No main</p></body></html>')).toThrow(/no <main>/);
  });
});

describe('withoutUnusedProperties', () => {
  it('keeps the tokens a rule, another kept token or the markup reads, and drops the rest', () => {
    const css =
      ':root{--ink:#111;--gold:#b08a3e;--accent:var(--gold);--unused:4px;--also-unused:var(--unused)}' +
      '.a{color:var(--ink)}.b{border-color:var(--accent)}';
    expect(withoutUnusedProperties(css, '<p class="a">')).toBe(
      ':root{--ink:#111;--gold:#b08a3e;--accent:var(--gold)}.a{color:var(--ink)}.b{border-color:var(--accent)}',
    );
    expect(withoutUnusedProperties(':root{--tint:red;--x:1px}', '<span style="color:var(--tint)">')).toBe(
      ':root{--tint:red}',
    );
  });

  it('drops a rule left with no declaration, and keeps a property named like the start of another', () => {
    expect(
      withoutUnusedProperties(':root{--a:1px}.b{--space:2px;--space-2:3px}.c{margin:var(--space-2)}', ''),
    ).toBe('.b{--space-2:3px}.c{margin:var(--space-2)}');
  });
});

describe('withoutPointerRules', () => {
  it('drops the rules for a pointer over or pressing on something, and at-rules left empty', () => {
    expect(
      withoutPointerRules(
        '.a{color:red}.a:hover{color:blue}.b:active,.b:hover>i{color:green}' +
          '@media (min-width:48em){.c:hover{color:red}}@media (min-width:60em){.d{margin:0}.d:hover{margin:1px}}',
      ),
    ).toBe('.a{color:red}@media (min-width:60em){.d{margin:0}}');
  });

  it('keeps a rule that also styles something at rest or in focus', () => {
    const css = '.a:hover,.a:focus-visible{outline:2px solid}.b:hover,.c{color:red}.d:hovered{color:red}';
    expect(withoutPointerRules(css)).toBe(css);
  });
});

describe('withInlineHashes', () => {
  const config = JSON.stringify({
    value:
      "default-src 'self'; script-src 'self' https://www.google.com/recaptcha/; style-src 'self' 'sha256-old='; style-src-attr 'unsafe-inline'",
  });

  it('allows exactly the given inline scripts and styles, sorted, replacing the old hashes', () => {
    const updated = withInlineHashes(config, {
      scripts: ["'sha256-s='"],
      styles: ["'sha256-b='", "'sha256-a='", "'sha256-b='"],
    });
    expect(JSON.parse(updated)).toEqual({
      value:
        "default-src 'self'; script-src 'self' https://www.google.com/recaptcha/ 'sha256-s='; style-src 'self' 'sha256-a=' 'sha256-b='; style-src-attr 'unsafe-inline'",
    });
    expect(
      withInlineHashes(updated, { scripts: ["'sha256-s='"], styles: ["'sha256-a='", "'sha256-b='"] }),
    ).toBe(updated);
  });

  it('refuses a policy without the directives', () => {
    expect(() => withInlineHashes('{"value": "default-src \'self\'"}', { scripts: [], styles: [] })).toThrow(
      /script-src/,
    );
  });

  it('hashes the element text as the browser does (SHA-256 of its UTF-8 bytes, base64)', () => {
    const css = 'h1{content:"é"}';
    expect(inlineHash(css)).toBe(
      `'sha256-${createHash('sha256').update(Buffer.from(css, 'utf8')).digest('base64')}'`,
    );
  });
});

describe('withPagePolicies', () => {
  const policy = (styles: string) =>
    `default-src 'self'; script-src 'self' 'sha256-boot='; style-src 'self' ${styles}; style-src-attr 'unsafe-inline'`;
  const header = (key: string, value: string) => ({ key, value });
  const config = JSON.stringify({
    hosting: {
      public: 'dist/site',
      headers: [
        { source: '**', headers: [header('X-Content-Type-Options', 'nosniff')] },
        {
          regex: '^[^.]*$',
          headers: [
            header('Content-Security-Policy', policy("'sha256-a=' 'sha256-b='")),
            header('X-Frame-Options', 'DENY'),
          ],
        },
        // A page rule an earlier build wrote, for a page that is gone.
        { regex: '^(/old)$', headers: [header('Content-Security-Policy', policy("'sha256-old='"))] },
      ],
    },
  });

  it('gives each page, after the site-wide rules, a policy allowing its own style and no other', () => {
    const styles = new Map([
      ['/home', "'sha256-a='"],
      ['/products/description/b', "'sha256-b='"],
      ['/products/description', "'sha256-b='"],
    ]);
    const { hosting } = withPagePolicies(config, styles);
    expect(hosting.headers.slice(0, 2)).toEqual(JSON.parse(config).hosting.headers.slice(0, 2));
    expect(hosting.headers.slice(2)).toEqual([
      { regex: '^(/home)$', headers: [header('Content-Security-Policy', policy("'sha256-a='"))] },
      {
        regex: '^(/products/description|/products/description/b)$',
        headers: [header('Content-Security-Policy', policy("'sha256-b='"))],
      },
    ]);
    expect(withPagePolicies(JSON.stringify({ hosting }), styles)).toEqual({ ...JSON.parse(config), hosting });
  });

  it('matches each path whole and literally', () => {
    const { hosting } = withPagePolicies(config, new Map([['/a.b+c', "'sha256-a='"]]));
    const pattern = new RegExp(hosting.headers.at(-1)?.regex ?? '');
    expect(pattern.test('/a.b+c')).toBe(true);
    expect(pattern.test('/aXb+c')).toBe(false);
    expect(pattern.test('/a.b+c/more')).toBe(false);
  });

  it('covers the addresses below a page that answers them (the inbox’s enquiry links)', () => {
    const { hosting } = withPagePolicies(config, new Map([['/inbox', "'sha256-a='"]]), ['/inbox']);
    const pattern = new RegExp(hosting.headers.at(-1)?.regex ?? '');
    expect(pattern.test('/inbox')).toBe(true);
    expect(pattern.test('/inbox/SME-enquiry-form/abc')).toBe(true);
    expect(pattern.test('/inboxes')).toBe(false);
  });

  it('lets only a page that signs in reach the sign-in and callable endpoints', () => {
    const withConnect = JSON.stringify({
      hosting: {
        headers: [
          {
            regex: '^[^.]*$',
            headers: [
              header(
                'Content-Security-Policy',
                `${policy("'sha256-a='")}; connect-src 'self' https://firestore.googleapis.com https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://*.cloudfunctions.net; frame-ancestors 'none'`,
              ),
              header('X-Frame-Options', 'DENY'),
            ],
          },
        ],
      },
    });
    const { hosting } = withPagePolicies(
      withConnect,
      new Map([
        ['/home', "'sha256-a='"],
        ['/inbox', "'sha256-a='"],
      ]),
      ['/inbox'],
      ['/inbox'],
    );
    const connectOf = (path: string) =>
      /connect-src ([^;]*)/.exec(
        hosting.headers.findLast((rule) => new RegExp(rule.regex ?? '^$').test(path))?.headers[0]?.value ??
          '',
      )?.[1];
    expect(connectOf('/home')).toBe("'self' https://firestore.googleapis.com");
    expect(connectOf('/inbox/SME-enquiry-form/abc')).toBe(
      "'self' https://firestore.googleapis.com https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://*.cloudfunctions.net",
    );
  });

  it('refuses a config without a site-wide policy', () => {
    expect(() => withPagePolicies('{"hosting":{"headers":[]}}', new Map())).toThrow(
      /Content-Security-Policy/,
    );
  });
});
