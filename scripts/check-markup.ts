/**
 * Every prerendered page in dist/site checked by the Nu Html Checker (the W3C validator, from the
 * npm package vnu-jar, run on this machine's Java): any error fails, with the checker's own words.
 * `npm test` runs it after the build; `npx tsx scripts/check-markup.ts` runs it alone.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fail, requireJava, ROOT } from './lib/project';

requireJava();
const require = createRequire(import.meta.url);
const jar = join(dirname(require.resolve('vnu-jar/package.json')), 'build', 'dist', 'vnu.jar');
const site = join(ROOT, 'dist', 'site');
const pages = readdirSync(site, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .map((file) => join(site, file));
if (pages.length === 0) fail('No pages in dist/site: run npm run build first.');

const result = spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'gnu', ...pages], {
  encoding: 'utf8',
});
const errors = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.includes(': error:'));
if (result.status !== 0 || errors.length > 0) {
  console.error(errors.length > 0 ? errors.join('\n') : `${result.stdout}${result.stderr}`);
  fail(`The Nu Html Checker found ${errors.length} errors in ${pages.length} pages.`);
}
console.log(`Nu Html Checker: ${pages.length} pages, no errors.`);
