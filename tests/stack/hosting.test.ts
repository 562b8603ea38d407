/**
 * The built site as the Hosting emulator serves it (what a crawler, a link preview or a visitor
 * with JavaScript off receives): status codes, redirects, each route's own head and text, the
 * structured data, the cache and security headers, and no Firebase code in the first load.
 */
import '../support/seed-content';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { aboutCopy } from '../../web/src/content/about';
import { categories } from '../../web/src/content/catalogue';
import { detailsOf } from '../../web/src/content/product-details';
import { enquiryPageCopy } from '../../web/src/content/enquiry-page';
import { privacyPolicy, termsAndConditions } from '../../web/src/content/legal';
import { pageMeta } from '../../web/src/content/pages';
import { site } from '../../web/src/content/site';
import { firstLoadModules, get } from '../support/hosting';
import { REPLY_SPEED_PATH } from '../../functions/src/contract/delivery/reply-speed';
import { REPLY_SPEED_CACHE_CONTROL } from '../../functions/src/enquiry/reply-speed';

const products = categories().flatMap((category) =>
  category.products.map((product) => ({ category, product })),
);

/** HTML entities the renderer writes, decoded so copy can be compared as the visitor reads it. */
const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

async function page(path: string) {
  const response = await get(path);
  const html = await response.text();
  const text = decode(html);
  const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
  const description = decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  const jsonLdText = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const jsonLd = jsonLdText ? ([JSON.parse(jsonLdText)].flat() as Record<string, unknown>[]) : [];
  const h1 = decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, ' ') ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return { response, html, text, title, description, canonical, jsonLd, h1 };
}

const routes = [
  {
    path: '/home',
    h1: site.tagline,
    meta: pageMeta.home,
    texts: ['Book an Enquiry', 'View More', 'Contact Us Today'],
  },
  {
    path: '/products',
    h1: 'Our Products',
    meta: pageMeta.products,
    texts: products.map((p) => p.product.productName),
  },
  { path: '/about', h1: aboutCopy.heading, meta: pageMeta.about, texts: [aboutCopy.lead, 'Get in Touch'] },
  {
    path: '/enquiry',
    h1: enquiryPageCopy.heading,
    meta: pageMeta.enquiry,
    texts: [enquiryPageCopy.intro, 'Send Enquiry'],
  },
  {
    path: '/privacy-policy',
    h1: privacyPolicy().title,
    meta: pageMeta.privacy,
    texts: privacyPolicy().sections.map((section) => section.heading),
  },
  {
    path: '/terms-conditions',
    h1: termsAndConditions().title,
    meta: pageMeta.terms,
    texts: termsAndConditions().sections.map((section) => section.heading),
  },
];

describe('every route is served as complete HTML before any script runs', () => {
  it.each(routes)('$path: its title, description, heading and text', async ({ path, h1, meta, texts }) => {
    const { response, title, description, canonical, h1: heading, text } = await page(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(title).toBe(meta.title);
    expect(description).toBe(meta.description);
    expect(canonical).toBe(`${site.siteUrl}${path}`);
    expect(heading).toContain(h1);
    for (const expected of texts) expect(text).toContain(expected);
  });

  it('gives the spec titles to home, about and enquiry', async () => {
    expect((await page('/home')).title).toMatch(/Extensions .*Remy & Temple Hair Supplier/);
    expect((await page('/about')).title).toMatch(/^Best Human Hair Extension Manufacturer/);
    expect((await page('/enquiry')).title).toBe(
      'Contact SME | Enquire for Human Hair Extensions Bulk or Retail',
    );
  });

  it.each(products)(
    '/products/description/$product.slug names the product',
    async ({ category, product }) => {
      const { response, title, h1, text, canonical } = await page(`/products/description/${product.slug}`);
      expect(response.status).toBe(200);
      expect(title).toContain(product.productName);
      expect(h1).toBe(product.productName);
      expect(text).toContain(category.categoryTitle);
      for (const faq of detailsOf(product.slug).productFaqs) expect(text).toContain(faq.question);
      // The spec's words, set with the curly apostrophes the rest of the site uses.
      expect(text).toContain(
        'Looking to order in bulk or need a custom solution? Let’s talk – we’re just a message away!',
      );
      expect(canonical).toBe(`${site.siteUrl}/products/description/${product.slug}`);
    },
  );

  it('shows the first product of the first category at /products/description', async () => {
    const first = categories()[0]?.products[0];
    const { h1, canonical } = await page('/products/description');
    expect(h1).toBe(first?.productName);
    expect(canonical).toBe(`${site.siteUrl}/products/description/${first?.slug}`);
  });

  it('redirects the empty path to /home for good', async () => {
    const response = await get('/');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toMatch(/\/home$/);
  });

  it.each(['/nope', '/products/nope', '/products/description/no-such-product', '/home/extra'])(
    'answers %s with the not-found page and status 404',
    async (path) => {
      const { response, h1, text, html } = await page(path);
      expect(response.status).toBe(404);
      expect(h1).toBe('404');
      expect(text).toContain('Page not found');
      expect(html).toContain('<meta name="robots" content="noindex">');
    },
  );

  it('runs one script of its own, the same boot script on every route, besides structured data', async () => {
    const seen = new Set<string>();
    for (const { path } of routes) {
      const { html } = await page(path);
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/type="application\/ld\+json"/.test(attributes ?? ''),
      );
      expect(scripts, path).toHaveLength(1);
      const [boot] = scripts;
      // The boot script last in <body>, after the page it starts.
      expect(boot?.[1], path).toMatch(/^ data-style="[^"]+" data-modules="[^"]+"$/);
      expect(html.indexOf(boot?.[0] ?? ''), path).toBeGreaterThan(html.indexOf('<div id="root">'));
      seen.add(boot?.[2] ?? '');
    }
    expect(seen.size).toBe(1);
  });
});

describe('structured data', () => {
  it('describes the business on the home page, and leaves the general FAQ unmarked', async () => {
    const home = await page('/home');
    const business = home.jsonLd.find((entry) => entry['@type'] === 'LocalBusiness');
    expect(business).toMatchObject({ name: site.companyName, telephone: site.phone.e164 });
    expect(business?.address).toMatchObject({ addressLocality: 'Coimbatore', addressRegion: 'Tamil Nadu' });
    expect(home.jsonLd.map((entry) => entry['@type'])).toEqual(['LocalBusiness']);
    // Its room in /products' first round trip goes to the owner's photos (products-page.tsx).
    expect((await page('/products')).jsonLd).toEqual([]);
  });

  it.each(products)('$product.slug has Product, FAQPage and BreadcrumbList', async ({ product }) => {
    const { jsonLd } = await page(`/products/description/${product.slug}`);
    expect(jsonLd.map((entry) => entry['@type']).sort()).toEqual(['BreadcrumbList', 'FAQPage', 'Product']);
    const item = jsonLd.find((entry) => entry['@type'] === 'Product');
    expect(item?.name).toBe(product.productName);
    const image = await get(new URL(String(item?.image)).pathname);
    expect(image.status).toBe(200);
  });
});

describe('files for crawlers and installs', () => {
  it('lists every route and product in the sitemap, which robots.txt points to', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const expected = [
      ...routes.map((route) => route.path),
      '/products/description',
      ...products.map(({ product }) => `/products/description/${product.slug}`),
    ].map((path) => `${site.siteUrl}${path}`);
    expect(urls.sort()).toEqual(expected.sort());
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${site.siteUrl}/sitemap.xml`);
  });

  it('serves the manifest, icons and share image it names', async () => {
    const manifest = (await (await get('/manifest.webmanifest')).json()) as { icons: { src: string }[] };
    for (const path of [
      ...manifest.icons.map((icon) => icon.src),
      '/favicon.svg',
      '/apple-touch-icon.png',
      site.metaImagePath,
    ]) {
      expect((await get(path)).status, path).toBe(200);
    }
  });
});

describe('headers', () => {
  it('keeps HTML fresh and hashed assets for a year', async () => {
    const { response, html } = await page('/home');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const [asset = ''] = firstLoadModules(html);
    expect(asset).not.toBe('');
    const assetResponse = await get(asset);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("keeps the reply-speed answer's own cache header through Hosting, for the CDN to hold it", async () => {
    const response = await get(REPLY_SPEED_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(REPLY_SPEED_CACHE_CONTROL);
    expect(await response.json()).toHaveProperty('shown');
  });

  it('gives a font, a picture or a script a policy that lets nothing run, not the pages’ 1.3 KB one', async () => {
    const { html } = await page('/home');
    const stylesheet = /data-style="(\/assets\/[^"]+\.css)"/.exec(html)?.[1] ?? '';
    const css = await (await get(stylesheet)).text();
    const files = [
      /url\((\/assets\/[^)]+\.woff2)\)/.exec(css)?.[1] ?? '',
      /imagesrcset="(\/assets\/[^" ]+\.avif)/.exec(html)?.[1] ?? '',
      firstLoadModules(html)[0] ?? '',
    ];
    for (const file of files) {
      const { status, headers } = await get(file);
      expect(status, file).toBe(200);
      expect(headers.get('content-security-policy'), file).toBe(ASSET_POLICY);
      expect(headers.get('x-content-type-options'), file).toBe('nosniff');
      expect(headers.get('strict-transport-security'), file).toMatch(/max-age=\d{8,}/);
      const bytes = [...headers].reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
      expect(bytes, `${file}'s headers`).toBeLessThan(900);
    }
    // An SVG opened on its own is a document: it keeps the pages' policy.
    expect((await get('/favicon.svg')).headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it.each(['/nonexistent.js', '/inbox.json', '/products/description/gone.html', '/a.b/c'])(
    'answers %s, a dotted path it does not know, with the not-found page and every page header',
    async (path) => {
      const { status, headers } = await get(path);
      expect(status).toBe(404);
      expect(headers.get('content-type')).toMatch(/^text\/html/);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('permissions-policy')).toContain('camera=()');
    },
  );

  it('answers a hashed file a new release removed with the not-found page that runs nothing and cannot be framed', async () => {
    const { status, headers } = await get('/assets/shell-OldRelease.js');
    expect(status).toBe(404);
    expect(headers.get('content-security-policy')).toBe(ASSET_POLICY);
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('permissions-policy')).toContain('camera=()');
  });

  it('sends the security headers with every page', async () => {
    for (const path of ['/home', '/products/description', '/nope', '/inbox', '/nonexistent.js']) {
      const { headers } = await get(path);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // Inline scripts and style elements stay blocked except those this build wrote, each allowed by
      // its hash; only style attributes (the reCAPTCHA badge's) pass without one.
      expect(
        directives(csp)
          .get('style-src')
          ?.filter((source) => !isHash(source)),
      ).toEqual(["'self'"]);
      expect(
        [...directives(csp)].filter(([, sources]) => sources.some((source) => /unsafe/.test(source))),
      ).toEqual([['style-src-attr', ["'unsafe-inline'"]]]);
      // Local runs talk to the Firestore, Auth and Functions emulators and nothing else.
      expect(csp).toMatch(
        /connect-src 'self' http:\/\/127\.0\.0\.1:8080 http:\/\/127\.0\.0\.1:9099 http:\/\/127\.0\.0\.1:5001;/,
      );
      expect(headers.get('strict-transport-security')).toMatch(/max-age=\d{8,}/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('permissions-policy')).toContain('camera=()');
      expect(headers.get('x-frame-options')).toBe('DENY');
      // Only the signed-in inbox isolates its window: on the public pages, with nothing to protect,
      // it would cost each visitor's first page a renderer swap before the first paint.
      expect(headers.get('cross-origin-opener-policy')).toBe(path === '/inbox' ? 'same-origin' : null);
    }
  });
});

/** What a hashed asset (or the not-found page in its place) may do: nothing. */
const ASSET_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const isHash = (source: string) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(source);
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** A Content-Security-Policy as directive name → sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

type HostingConfig = {
  hosting: { headers: { source?: string; regex?: string; headers: { key: string; value: string }[] }[] };
};

/** The policy firebase.json gives a path: its last matching rule's (page rules follow the site-wide one). */
function productionCsp(path = '/no-such-page'): string {
  const config = JSON.parse(
    readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'),
  ) as HostingConfig;
  const policies = config.hosting.headers
    .filter((rule) => rule.regex === undefined || new RegExp(rule.regex).test(path))
    .flatMap((rule) => rule.headers)
    .filter((entry) => entry.key === 'Content-Security-Policy');
  return policies.at(-1)?.value ?? '';
}

describe('the production Content-Security-Policy (firebase.json; no test here can reach Google)', () => {
  it('carries exactly the sources Firestore, App Check and reCAPTCHA Enterprise need, and nothing more', () => {
    const csp = directives(productionCsp());
    // The boot script and each page's critical CSS, by hash (the build writes them; see below).
    for (const name of ['script-src', 'style-src'])
      csp.set(name, csp.get(name)?.filter((source) => !isHash(source)) ?? []);
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': ["'self'"],
      // reCAPTCHA Enterprise's loader (www.google.com/recaptcha/enterprise.js) and its releases on gstatic.
      'script-src': ["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      'style-src': ["'self'"],
      // The badge sets inline style attributes (google/recaptcha#107).
      'style-src-attr': ["'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      // Firestore, the App Check token exchange, and reCAPTCHA's own calls; the sales inbox's
      // sign-in (Identity Toolkit, token refresh) and its resend function.
      'connect-src': [
        "'self'",
        'https://firestore.googleapis.com',
        'https://content-firebaseappcheck.googleapis.com',
        'https://www.google.com/recaptcha/',
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://*.cloudfunctions.net',
      ],
      // The badge and the challenge are frames from Google.
      'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
      'manifest-src': ["'self'"],
      'worker-src': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it('lets only the sales inbox reach sign-in and the callable functions; a public page reaches Firestore and App Check', () => {
    const signIn = [
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://*.cloudfunctions.net',
    ];
    for (const path of ['/home', '/enquiry', '/products', '/products/description/machine-weft']) {
      const connect = directives(productionCsp(path)).get('connect-src') ?? [];
      expect(connect, path).toContain('https://firestore.googleapis.com');
      for (const source of signIn) expect(connect, path).not.toContain(source);
    }
    for (const path of ['/inbox', '/inbox/SME-enquiry-form/abc'])
      expect(directives(productionCsp(path)).get('connect-src'), path).toEqual(
        expect.arrayContaining(signIn),
      );
  });

  it('is what local runs serve, with the emulator in connect-src instead of Google', async () => {
    const served = directives((await get('/home')).headers.get('content-security-policy') ?? '');
    const production = directives(productionCsp('/home'));
    expect(served.get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:8080',
      'http://127.0.0.1:9099',
      'http://127.0.0.1:5001',
    ]);
    served.delete('connect-src');
    production.delete('connect-src');
    expect(served).toEqual(production);
  });
});

describe('the first page load', () => {
  const allPaths = [
    ...routes.map((route) => route.path),
    '/products/description',
    ...products.map(({ product }) => `/products/description/${product.slug}`),
  ];

  it('paints from the HTML alone: CSS inline and allowed by hash, no stylesheet link until the boot script adds it', async () => {
    const stylesheets = new Set<string>();
    for (const path of [...allPaths, '/no-such-page']) {
      const { html, response } = await page(path);
      const csp = directives(response.headers.get('content-security-policy') ?? '');
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
      const scripts = [...html.matchAll(/<script( [^>]*)?>([\s\S]*?)<\/script>/g)]
        .filter((match) => !/type="application\/ld\+json"/.test(match[1] ?? ''))
        .map((match) => match[2] ?? '');
      expect(styles, path).toHaveLength(1);
      // The boot script.
      expect(scripts, path).toHaveLength(1);
      for (const style of styles) expect(csp.get('style-src'), path).toContain(hashOf(style));
      for (const script of scripts) expect(csp.get('script-src'), path).toContain(hashOf(script));
      // No render-blocking stylesheet; without JavaScript the <noscript> link loads the full one.
      const withoutNoscript = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
      expect(withoutNoscript, path).not.toMatch(/<link[^>]*rel="stylesheet"/);
      const full = /data-style="(\/assets\/style-[^"]+\.css)"/.exec(html)?.[1] ?? '';
      expect(html, path).toContain(`<noscript><link rel="stylesheet" href="${full}"></noscript>`);
      stylesheets.add(full);
    }
    expect(stylesheets.size).toBe(1);
    const [full = ''] = stylesheets;
    expect((await get(full)).status).toBe(200);
  });

  it("allows each page's own inline style and no other page's; an unknown address gets the not-found page's", async () => {
    const styleOf = (html: string) => hashOf(/<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '');
    const everyStyle = new Set<string>();
    for (const path of allPaths) {
      const { html, response } = await page(path);
      const allowed = directives(response.headers.get('content-security-policy') ?? '').get('style-src');
      expect(allowed, path).toEqual(["'self'", styleOf(html)]);
      everyStyle.add(styleOf(html));
    }
    const unknown = await page('/no-such-page');
    const allowed = directives(unknown.response.headers.get('content-security-policy') ?? '').get(
      'style-src',
    );
    expect(allowed).toContain(styleOf(unknown.html));
    // The site-wide policy, which also covers every page's style.
    for (const style of everyStyle) expect(allowed).toContain(style);
  });

  it("preloads each page's hero from the head, exactly as its picture will choose it", async () => {
    for (const path of allPaths) {
      const { html } = await page(path);
      const picture = /<picture[^>]*>((?:(?!<\/picture>)[\s\S])*?<img[^>]*fetchpriority="high"[^>]*>)/i.exec(
        html,
      )?.[1];
      const preloads = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((match) => match[0]);
      if (!picture) {
        expect(preloads, path).toEqual([]);
        continue;
      }
      const source = /<source[^>]*>/i.exec(picture)?.[0] ?? '';
      const value = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
      expect(preloads, path).toHaveLength(1);
      const [preload = ''] = preloads;
      expect(value(source, 'type'), path).toBe('image/avif');
      expect(value(preload, 'type'), path).toBe('image/avif');
      expect(value(preload, 'imagesrcset'), path).toBe(value(source, 'srcset'));
      expect(value(preload, 'imagesizes'), path).toBe(value(source, 'sizes'));
      expect(value(preload, 'fetchpriority'), path).toBe('high');
      expect(html.indexOf(preload), path).toBeLessThan(html.indexOf('</head>'));
      for (const candidate of value(preload, 'imagesrcset')?.split(', ') ?? []) {
        const url = candidate.split(' ')[0] ?? '';
        expect((await get(url)).headers.get('content-type'), url).toBe('image/avif');
      }
    }
  });

  it('carries no Firebase code on any route', async () => {
    for (const { path } of routes) {
      const { html } = await page(path);
      // Every module the boot script loads after the first paint.
      const files = firstLoadModules(html);
      expect(files.length).toBeGreaterThan(2);
      for (const file of files) {
        const code = await (await get(file)).text();
        expect(code, `${path} loads ${file}`).not.toMatch(/firestore\.googleapis\.com|@firebase\/app/);
      }
    }
  });
});
