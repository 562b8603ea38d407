/**
 * `npm run check:docs`: the README, docs/ and code comments checked against the code, so a doc that
 * stops being true fails `npm test` (the rules: scripts/lib/docs-check.ts). Prints one line per
 * problem, `file:line: what is wrong`, and exits 1; or one line saying what agreed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkCommands,
  checkFunctions,
  checkLayout,
  checkLinks,
  checkParams,
  checkPaths,
  declaredParams,
  documentedFiles,
  exportedNames,
  formatProblem,
  gitignoreMatcher,
  layoutEntries,
  type Source,
} from './lib/docs-check';
import { ROOT } from './lib/project';

const README = 'README.md';
const PACKAGE_JSON = 'package.json';
const FUNCTIONS_CONFIG = 'functions/src/config.ts';
const FUNCTIONS_ENTRY_POINT = 'functions/src/index.ts';
/** The code whose comments may name files (renderer/ once it exists). */
const COMMENTED_FOLDERS = ['web/', 'functions/src/', 'scripts/', 'tests/', 'renderer/'];

const started = performance.now();
// The tree as it stands: tracked files and new ones not yet committed, less those deleted.
const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter((file) => file && existsSync(join(ROOT, file)));
const read = (path: string): Source => ({ path, text: readFileSync(join(ROOT, path), 'utf8') });

const readme = read(README);
const packageJson = read(PACKAGE_JSON);
const config = read(FUNCTIONS_CONFIG);
const entryPoint = read(FUNCTIONS_ENTRY_POINT);
const documented = documentedFiles(files, COMMENTED_FOLDERS).map(read);
const docs = documented.filter((source) => source.path.endsWith('.md'));

const problems = [
  ...checkCommands(docs, README, packageJson),
  ...checkParams(readme, config),
  ...checkLayout(readme, files),
  ...checkFunctions(readme, entryPoint),
  ...checkPaths(documented, files, gitignoreMatcher(read('.gitignore').text)),
  ...checkLinks(docs, files),
];

if (problems.length) {
  for (const problem of problems) console.error(formatProblem(problem));
  process.exit(1);
}
const scripts = Object.keys((JSON.parse(packageJson.text) as { scripts: object }).scripts).length;
console.log(
  `Docs agree with the code: ${scripts} scripts, ${declaredParams(config).length} params, ` +
    `${layoutEntries(readme)?.length ?? 0} layout entries, ${exportedNames(entryPoint).length} functions, ` +
    `paths in ${documented.length} files and links in ${docs.length} (${Math.round(performance.now() - started)} ms).`,
);
