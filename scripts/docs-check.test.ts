/**
 * The docs check reports each stale fixture of scripts/fixtures/docs/ where it is wrong, and passes
 * on the repository as it stands (what `npm test` and `npm run check:docs` run).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkCommands,
  checkFunctions,
  checkLayout,
  checkLinks,
  checkParams,
  checkPaths,
  comments,
  formatProblem,
  gitignoreMatcher,
  type Source,
} from './lib/docs-check';
import { ROOT, RUN_TS } from './lib/project';

const FIXTURES = 'scripts/fixtures/docs';
const fixture = (path: string): Source => ({
  path: `${FIXTURES}/${path}`,
  text: readFileSync(join(ROOT, FIXTURES, path), 'utf8'),
});
const lines = (problems: ReturnType<typeof checkPaths>) => problems.map(formatProblem);

/** The repository's files, as the check lists them. */
const tree = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);

/** The check as `npm test` runs it, on a busy machine: it takes about a second alone. */
const CLI_DEADLINE_MS = 60_000;

describe('the docs check on stale fixtures', () => {
  it('reports a command the README names that package.json lacks, and a script the Commands table lacks', () => {
    const readme = fixture('commands/README.md');
    const scripts = fixture('commands/package-scripts.json');
    expect(
      lines(checkCommands([readme], readme.path, scripts, { 'build:web': 'a step of npm run build' })),
    ).toEqual([
      `${FIXTURES}/commands/README.md:8: "npm run bundle": package.json has no script "bundle"`,
      `${FIXTURES}/commands/README.md:12: "npm run deploy": package.json has no script "deploy"`,
      `${FIXTURES}/commands/package-scripts.json:4: script "lint" is missing from the README's Commands table (or SCRIPTS_LEFT_OUT_OF_COMMANDS, with why)`,
    ]);
  });

  it('reports a script left out of the table for a reason that names no script any more', () => {
    const readme = fixture('commands/README.md');
    const problems = checkCommands([readme], readme.path, fixture('commands/package-scripts.json'), {
      'build:web': 'a step of npm run build',
      'build:assets': 'a step of npm run build',
    });
    expect(lines(problems)).toContain(
      `${FIXTURES}/commands/package-scripts.json:1: SCRIPTS_LEFT_OUT_OF_COMMANDS names "build:assets", which package.json has no more`,
    );
  });

  it('reports a declared param the param table lacks, and a row for a param no longer declared', () => {
    expect(lines(checkParams(fixture('params/README.md'), fixture('params/config.ts')))).toEqual([
      `${FIXTURES}/params/config.ts:7: param HOSTING_SITE is missing from the README's param table`,
      `${FIXTURES}/params/README.md:14: the param table lists RETIRED_PARAM, which ${FIXTURES}/params/config.ts does not declare`,
    ]);
  });

  it('reports a folder the Layout leaves out, and an entry that is no longer in the tree', () => {
    const files = [
      'web/src/app/routes.ts',
      'docs/SPEC.md',
      'functions/src/index.ts',
      'functions/src/contract/enquiry/enquiry.ts',
      'functions/src/site/publish.ts',
      'scripts/test.ts',
      '.ci',
    ];
    expect(lines(checkLayout(fixture('layout/README.md'), files))).toEqual([
      `${FIXTURES}/layout/README.md:11: Layout names functions/src/mail.ts, which is not in the tree`,
      `${FIXTURES}/layout/README.md:5: Layout leaves out the folder docs/`,
      `${FIXTURES}/layout/README.md:5: Layout leaves out the folder functions/src/site/`,
    ]);
  });

  it('reports an export of the entry point the table of functions lacks, and a row it no longer exports', () => {
    expect(lines(checkFunctions(fixture('functions/README.md'), fixture('functions/index.ts')))).toEqual([
      `${FIXTURES}/functions/index.ts:5: function sitePublish is missing from the README's table of functions`,
      `${FIXTURES}/functions/index.ts:7: function replySpeed is missing from the README's table of functions`,
      `${FIXTURES}/functions/README.md:8: the table of functions lists retiredFunction, which ${FIXTURES}/functions/index.ts does not export`,
    ]);
  });

  it('reports a file a comment names that is not in the tree, and nothing in strings, patterns or addresses', () => {
    const ignored = gitignoreMatcher(readFileSync(join(ROOT, '.gitignore'), 'utf8'));
    expect(lines(checkPaths([fixture('paths/stale-comment.ts')], tree, ignored))).toEqual([
      `${FIXTURES}/paths/stale-comment.ts:2: names site-photo.ts, which is not in the tree`,
      `${FIXTURES}/paths/stale-comment.ts:3: names functions/src/contract/enquiry/phone-countries.test.ts, which is not in the tree`,
      `${FIXTURES}/paths/stale-comment.ts:7: names phone-gone.ts, which is not in the tree`,
      `${FIXTURES}/paths/stale-comment.ts:8: names web/src/gone.tsx, which is not in the tree`,
    ]);
  });

  it('reports a file a doc names that is not in the tree, and links to a missing file or heading', () => {
    const readme = fixture('paths/README.md');
    const layout = fixture('layout/README.md');
    expect(lines(checkPaths([readme], tree))).toEqual([
      `${FIXTURES}/paths/README.md:3: names scripts/lib/gone-render.ts, which is not in the tree`,
      `${FIXTURES}/paths/README.md:3: names renderer/gone-render.test.ts, which is not in the tree`,
    ]);
    expect(lines(checkLinks([readme, layout], [...tree, readme.path, layout.path]))).toEqual([
      `${FIXTURES}/paths/README.md:4: links to #a-heading-renamed, but ${FIXTURES}/paths/README.md has no such heading`,
      `${FIXTURES}/paths/README.md:4: links to ../gone.md, which is not in the tree`,
    ]);
  });

  it('reads comments as TypeScript does: not inside strings, templates or regular expressions', () => {
    const found = comments(fixture('paths/stale-comment.ts')).map((comment) =>
      comment.text.replace(/\s+/g, ' ').slice(0, 20),
    );
    expect(found).toEqual(['/** * A photo the ow', '// a line comment na', '/* a block comment n']);
  });
});

describe('the docs check on the repository', () => {
  it(
    'finds the README, docs/ and the comments true to the code',
    () => {
      const run = spawnSync(RUN_TS[0] ?? 'node', [...RUN_TS.slice(1), 'scripts/check-docs.ts'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: CLI_DEADLINE_MS,
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(
        /^Docs agree with the code: \d+ scripts, \d+ params, \d+ layout entries, \d+ functions/,
      );
    },
    CLI_DEADLINE_MS,
  );
});
