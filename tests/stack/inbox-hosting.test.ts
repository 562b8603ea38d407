/**
 * The sales inbox as Hosting serves it: a private page that crawlers are told to leave out, that
 * no public page links to, and whose code (Firebase Auth, the full Firestore SDK) no public page
 * downloads.
 */
import '../support/seed-content';
import { describe, expect, it } from 'vitest';
import { site } from '../../web/src/content/site';
import { SITE_ROUTES } from '../e2e/visitor';
import { firstLoadModules, get } from '../support/hosting';

describe('/inbox', () => {
  it('is served, noindex in its head and its headers, and absent from the sitemap', async () => {
    const response = await get('/inbox');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<h1[^>]*>(?:(?!<\/h1>).)*Sales inbox<\/h1>/);
    // Its own header, none of the public site's navigation, footer or chat button.
    expect(html).not.toMatch(/class="(site-header|site-footer|chat-dock)/);
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(`${site.siteUrl}/home`);
    expect(sitemap).not.toContain('/inbox');
  });

  it("is served at each enquiry's own address, noindex, under the inbox's own policy, in a window no other site can reach", async () => {
    const inbox = await get('/inbox');
    const html = await inbox.text();
    for (const path of [
      '/inbox',
      `/inbox/SME-enquiry-form/${'A'.repeat(20)}`,
      '/inbox/SME-popup-enquiry-form/x',
      '/inbox/x/y/z',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
      // The signed-in tool cuts the link to any window that opened it (or that it opens).
      expect(response.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(response.headers.get('content-security-policy'), path).toBe(
        inbox.headers.get('content-security-policy'),
      );
      expect(await response.text(), path).toBe(html);
    }
    // Addresses that merely start the same way are not the inbox.
    expect((await get('/inboxes')).status).toBe(404);
  });

  it('is linked from no public page, and none of them loads its code', async () => {
    const inboxModules = firstLoadModules(await (await get('/inbox')).text());
    const inboxPage = inboxModules.find((file) => /\/inbox-island-[^/]+\.js$/.test(file));
    expect(inboxPage, 'the inbox has its own chunk').toBeDefined();
    for (const route of SITE_ROUTES.filter((candidate) => candidate.status === 200)) {
      const html = await (await get(route.path)).text();
      expect(html, route.path).not.toMatch(/href="\/inbox/);
      expect(firstLoadModules(html), route.path).not.toContain(inboxPage);
      expect(html, route.path).not.toMatch(/\/assets\/inbox-[^"]+\.css/);
    }
  });

  it('starts without Firebase: the SDK comes only once the page runs', async () => {
    expect(firstLoadModules(await (await get('/inbox')).text()).length).toBeGreaterThan(2);
    for (const file of firstLoadModules(await (await get('/inbox')).text())) {
      const code = await (await get(file)).text();
      expect(code, file).not.toMatch(/identitytoolkit\.googleapis\.com|firestore\.googleapis\.com/);
    }
  });
});
