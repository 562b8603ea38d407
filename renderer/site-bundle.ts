/**
 * The entry of the bundle the build packages with the functions (scripts/package-site.ts): a
 * publish opens it to render the whole site from the owner's content with the build's own
 * renderer (site-render.ts), server bundle, page template and boot script, and to read the
 * built files (scripts, stylesheet, fonts, pictures) it releases beside the pages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteBundle } from '../functions/src/site/publish';
import { siteRenderer, type ServerEntry } from './site-render';

/** The bundle's folders and files, as package-site.ts lays them out. */
export const SITE_BUNDLE_LAYOUT = {
  renderer: 'renderer.mjs',
  server: 'server',
  serverEntry: 'server/entry-server.js',
  site: 'site',
  template: 'template.html',
  boot: 'boot.js',
  firebaseJson: 'firebase.json',
} as const;

/** Every file of a folder by its path on the site, as Hosting's `ignore` leaves them (no dotfiles). */
function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => !path.split(sep).some((part) => part.startsWith('.')))
    .map((path) => `/${path.split(sep).join('/')}`);
}

export async function openSiteBundle(dir: string): Promise<SiteBundle> {
  const server = (await import(pathToFileURL(join(dir, SITE_BUNDLE_LAYOUT.serverEntry)).href)) as ServerEntry;
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const siteDir = join(dir, SITE_BUNDLE_LAYOUT.site);
  const renderer = siteRenderer(server, {
    dir: siteDir,
    template: read(SITE_BUNDLE_LAYOUT.template),
    boot: read(SITE_BUNDLE_LAYOUT.boot),
    firebaseJson: read(SITE_BUNDLE_LAYOUT.firebaseJson),
  });
  return {
    renderSite: renderer.renderSite,
    renderPage: renderer.renderPage,
    seedSections: () =>
      Object.fromEntries(Object.entries(server.contentSeed).map(([id, section]) => [id, section.value])),
    async builtFiles() {
      return new Map(filesUnder(siteDir).map((path) => [path, readFileSync(join(siteDir, path))]));
    },
  };
}
