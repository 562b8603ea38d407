/**
 * A published site on disk, for the bench to measure beside the build in the same run: the owner's
 * content as a publish renders it (the seed with Machine Weft's unit and a trade term changed and a
 * photo from a phone on Machine Weft's page), through the bundle the build packages with the
 * functions, with the files and the hosting config a publish would release.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import {
  contentOfSeed,
  sectionValues,
  type SiteContent,
} from '../../functions/src/contract/site/site-content';
import type { SiteBundle } from '../../functions/src/site/publish';
import { processPhoto } from '../../functions/src/site/photos';
import { contentSeed } from '../../web/src/content/seed-content';
import { ROOT } from './project';

const BUNDLE = join(ROOT, 'functions', 'lib', 'site-bundle');

/** A photo with a camera's grain (a flat test card would flatter the bytes). */
async function cameraPhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 2000,
      channels: 3,
      background: { r: 92, g: 60, b: 44 },
      noise: { type: 'gaussian', mean: 110, sigma: 18 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 88 })
    .toBuffer();
}

export async function writePublishedSite(dir: string): Promise<{ siteDir: string; firebaseJson: string }> {
  const { openSiteBundle } = (await import(pathToFileURL(join(BUNDLE, 'renderer.mjs')).href)) as {
    openSiteBundle: (dir: string) => Promise<SiteBundle>;
  };
  const bundle = await openSiteBundle(BUNDLE);
  const photo = await processPhoto(await cameraPhoto());
  const content: SiteContent = contentOfSeed(contentSeed);
  const values = sectionValues(content);
  const weft = structuredClone(values['product-machine-weft']) as { facts: { unit: string }; photo: unknown };
  weft.facts.unit = 'Bundle of 100 g, double drawn';
  weft.photo = { id: photo.id, alt: 'A machine weft bundle of dark wavy hair on a white table' };
  const terms = {
    ...(values['trade-terms'] as object),
    leadTime: '10 working days from the confirmed order',
  };
  const published = contentOfSeed({
    ...contentSeed,
    'product-machine-weft': { value: weft, unconfirmed: [] },
    'trade-terms': { value: terms, unconfirmed: [] },
  });
  const rendered = await bundle.renderSite(published);
  const siteDir = join(dir, 'site');
  rmSync(siteDir, { recursive: true, force: true });
  const write = (path: string, data: Buffer | string) => {
    mkdirSync(dirname(join(siteDir, path)), { recursive: true });
    writeFileSync(join(siteDir, path), data);
  };
  for (const [path, data] of await bundle.builtFiles()) write(path, data);
  for (const [path, text] of rendered.files) write(path, text);
  for (const file of photo.files) {
    const [, width, format] = /\/(\d+)\.(avif|webp)$/.exec(file.path) ?? [];
    if (width && format) write(`/assets/photos/${photo.id}-${width}.${format}`, file.data);
  }
  const firebaseJson = join(dir, 'firebase.published.json');
  writeFileSync(firebaseJson, JSON.stringify(rendered.firebaseJson));
  return { siteDir, firebaseJson };
}
