import '../../tests/support/seed-content';
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appCheckProblem,
  APP_CHECK_KEY_VARIABLE,
  DeployUsageError,
  dotenvValue,
  contentPlaceholderProblem,
  findContentPlaceholders,
  formerAppCheckParam,
  parseDeployArgs,
  placeholderProblem,
  recoveryCommands,
  recoveryProblem,
} from './deploy-checks';
import { CATALOGUE_LAYOUT } from '../../functions/src/contract/base/catalogue';
import { unconfirmedValues } from '../../functions/src/contract/site/site-content-checks';
import { categories } from '../../web/src/content/catalogue';
import { contentSeed } from '../../web/src/content/seed-content';
import { ROOT } from './project';

const config = (key: string) =>
  [
    'VITE_FIREBASE_API_KEY=abc',
    'VITE_FIREBASE_PROJECT_ID=sme-hair-live',
    `${APP_CHECK_KEY_VARIABLE}=${key}`,
  ].join('\n');

describe("the functions' App Check switch under its former name", () => {
  const FILE = 'functions/.env.sme-hair-live';
  const check = (...lines: string[]) =>
    formerAppCheckParam(['SMTP_HOST=smtp.example.com', ...lines].join('\n'), FILE);

  it('says nothing of a file that uses the new name or neither', () => {
    expect(check()).toBeNull();
    expect(check('INBOX_CALLS_REQUIRE_APP_CHECK=false')).toBeNull();
  });

  it('refuses a file whose old name turns App Check off while the new name is missing or says true', () => {
    for (const file of [
      check('RESEND_REQUIRES_APP_CHECK=false'),
      check('RESEND_REQUIRES_APP_CHECK=false', 'INBOX_CALLS_REQUIRE_APP_CHECK=true'),
    ])
      expect(file).toEqual({
        problem: expect.stringContaining(
          `rename RESEND_REQUIRES_APP_CHECK to INBOX_CALLS_REQUIRE_APP_CHECK in ${FILE}`,
        ),
      });
  });

  it('only warns where the old name changes nothing', () => {
    for (const file of [
      check('RESEND_REQUIRES_APP_CHECK=true'),
      check('RESEND_REQUIRES_APP_CHECK=false', 'INBOX_CALLS_REQUIRE_APP_CHECK=false'),
    ])
      expect(file).toEqual({ warning: expect.stringContaining('RESEND_REQUIRES_APP_CHECK is deprecated') });
  });
});

describe('deploy without the App Check key', () => {
  it('is refused, naming the variable and the flag', () => {
    for (const envLive of [config(''), config('""'), 'VITE_FIREBASE_PROJECT_ID=sme-hair-live\n']) {
      const problem = appCheckProblem(envLive, parseDeployArgs([]));
      expect(problem).toContain(APP_CHECK_KEY_VARIABLE);
      expect(problem).toContain('--without-app-check');
    }
  });

  it('goes ahead with the key, or when the operator says --without-app-check', () => {
    expect(appCheckProblem(config('6LcXyz-key'), parseDeployArgs([]))).toBeNull();
    expect(appCheckProblem(config(''), parseDeployArgs(['--without-app-check']))).toBeNull();
  });

  it('reads a commented-out key as no key, and a quoted one as the key', () => {
    expect(dotenvValue(`# ${APP_CHECK_KEY_VARIABLE}=old`, APP_CHECK_KEY_VARIABLE)).toBe('');
    expect(dotenvValue(`${APP_CHECK_KEY_VARIABLE}="6Lc-key"`, APP_CHECK_KEY_VARIABLE)).toBe('6Lc-key');
  });

  it('refuses an unknown flag', () => {
    expect(() => parseDeployArgs(['--without-appcheck'])).toThrow(DeployUsageError);
  });
});

describe('deploy with PLACEHOLDER values in the content', () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'nested'));
  writeFileSync(
    join(dir, 'site.ts'),
    [
      '/** OWNER: every value marked PLACEHOLDER must be replaced. */',
      'export const site = {',
      "  tagline: 'Where Remy Hair Meets Royal Quality.',",
      '  phone: {',
      "    display: '+91 98765 43210', // PLACEHOLDER",
      "    e164: '+919876543210',",
      '  },',
      '  /** Public address of the site. PLACEHOLDER */',
      "  siteUrl: 'https://sme-hair.example.com',",
      "  email: 'sales@real-company.in', // checked by the owner",
      '} as const;',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'nested', 'catalogue.ts'),
    [
      'export const categories = [',
      '  {',
      "    slug: 'remy',",
      '    products: [',
      "      { slug: 'machine-weft', facts: { unit: '100 g bundle', packing: 'On request' /* PLACEHOLDER */ } },",
      "      { facts: { length: '12–30 inch', // PLACEHOLDER",
      '      } },',
      '    ],',
      '  },',
      '];',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'site.test.ts'), "const x = { y: 'z' }; // PLACEHOLDER\n");

  it('finds every marked value, named by where it sits, and nothing else', () => {
    expect(
      findContentPlaceholders(dir).map(({ file, line, name, value }) => [file, line, name, value]),
    ).toEqual([
      [
        join('nested', 'catalogue.ts'),
        5,
        'categories[remy].products[machine-weft].facts.packing',
        "'On request'",
      ],
      [join('nested', 'catalogue.ts'), 6, 'categories[remy].products[1].facts.length', "'12–30 inch'"],
      ['site.ts', 5, 'site.phone.display', "'+91 98765 43210'"],
      ['site.ts', 9, 'site.siteUrl', "'https://sme-hair.example.com'"],
    ]);
  });

  it('refuses, listing each one, unless --allow-placeholders is given', () => {
    const found = findContentPlaceholders(dir);
    const problem = placeholderProblem(found, parseDeployArgs([]));
    expect(problem).toContain('4 PLACEHOLDER value(s)');
    for (const { name, value } of found) expect(problem).toContain(`${name} = ${value}`);
    expect(problem).toContain('--allow-placeholders');
    expect(placeholderProblem(found, parseDeployArgs(['--allow-placeholders']))).toBeNull();
    expect(placeholderProblem([], parseDeployArgs([]))).toBeNull();
  });

  it('stops `npm run deploy` before anything is built, listing what the site still has', () => {
    const shipped = findContentPlaceholders(join(ROOT, 'web', 'src', 'content'));
    // --dry-run: even past every check, nothing is built and the firebase CLI is never called.
    const deploy = spawnSync('npx', ['tsx', 'scripts/deploy.ts', '--dry-run'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
    });
    if (shipped.length === 0) {
      expect(deploy.stderr).not.toContain('PLACEHOLDER value(s)');
      return;
    }
    expect(deploy.status).not.toBe(0);
    expect(deploy.stdout).not.toContain('would run');
    expect(deploy.stderr).toContain(`${shipped.length} PLACEHOLDER value(s)`);
    for (const { file, line, name } of shipped)
      expect(deploy.stderr).toContain(`${file}:${line}  ${name} = `);
    // The site's own address is among them (the contact details are the owner's content now).
    expect(shipped.map((p) => p.name)).toEqual(expect.arrayContaining(['site.siteUrl']));
  }, 60_000);
});

const categoryOf = (section: string) =>
  CATALOGUE_LAYOUT.find((category) =>
    (category.products as readonly string[]).includes(section.replace('product-', '')),
  )?.slug;

describe('the product facts in the catalogue', () => {
  /** What the spec states (section 1 and 9): the raw hair bands and the machine weft bundle. */
  const SPEC_FACTS = new Set([
    'categories[raw-temple-hair].products[raw-hair-10-18-inch].facts.length',
    'categories[raw-temple-hair].products[raw-hair-19-26-inch].facts.length',
    'categories[raw-temple-hair].products[raw-hair-27-inch-plus].facts.length',
    'categories[remy-hair-extensions].products[machine-weft].facts.unit',
  ]);

  it('are the spec facts, or else marked unconfirmed in the seed for the owner, so no guess ships', () => {
    const marked = new Set(
      unconfirmedValues(contentSeed).map(
        ({ section, field }) =>
          `categories[${categoryOf(section)}].products[${section.replace('product-', '')}].${field}`,
      ),
    );
    const facts = categories().flatMap((category) =>
      category.products.flatMap((product) =>
        Object.keys(product.facts).map(
          (key) => `categories[${category.slug}].products[${product.slug}].facts.${key}`,
        ),
      ),
    );
    expect(facts).toHaveLength(12 * 4);
    for (const fact of facts) expect(SPEC_FACTS.has(fact) || marked.has(fact), fact).toBe(true);
    for (const fact of SPEC_FACTS) expect(marked.has(fact), fact).toBe(false);
  });

  it('stop a deploy of the seed while any is unconfirmed, named as the Site part names them', () => {
    const unconfirmed = unconfirmedValues(contentSeed);
    const problem = contentPlaceholderProblem(unconfirmed, 'the committed seed', parseDeployArgs([]));
    expect(problem).toContain(`${unconfirmed.length} sample value(s)`);
    expect(problem).toContain('Machine Weft · Length still shows the sample “12–30 inch”.');
    expect(
      contentPlaceholderProblem(unconfirmed, 'the seed', parseDeployArgs(['--allow-placeholders'])),
    ).toBeNull();
    expect(contentPlaceholderProblem([], 'the content live on the project', parseDeployArgs([]))).toBeNull();
  });
});

describe('the legal texts in the content', () => {
  it('carry the day each was last changed as a value the owner sets, so none ships with a made-up date', () => {
    const names = findContentPlaceholders(join(ROOT, 'web', 'src', 'content')).map((found) => found.name);
    expect(names).toEqual(
      expect.arrayContaining(['privacyPolicy.lastUpdated', 'termsAndConditions.lastUpdated']),
    );
  });
});

describe('deploy to a database that could not be recovered', () => {
  const PROJECT = 'sme-hair-live';
  const TOKEN = 'ya29.deployer-token';
  const DATABASE_PATH = `/v1/projects/${PROJECT}/databases/(default)`;
  /** What the stand-in answers for the database and its backup schedules: status and JSON. */
  type Answer = [status: number, body: unknown];
  let answers: Record<string, Answer> = {};
  const asked: { path: string; authorization: string | undefined }[] = [];
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    // A stand-in for the Firestore Admin API on loopback: the check's only network.
    server = createServer((request, response) => {
      const path = decodeURIComponent(request.url ?? '');
      asked.push({ path, authorization: request.headers.authorization });
      const [status, body] = answers[path] ?? [404, { error: { code: 404, message: 'Not found' } }];
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const database = (pitr: string): Answer => [
    200,
    { name: `projects/${PROJECT}/databases/(default)`, pointInTimeRecoveryEnablement: pitr },
  ];
  const DAILY = { name: 'daily', retention: '604800s', dailyRecurrence: {} };
  const WEEKLY = { name: 'weekly', retention: '8467200s', weeklyRecurrence: { day: 'MONDAY' } };
  const schedules = (...list: unknown[]): Answer => [200, list.length ? { backupSchedules: list } : {}];
  const check = () => recoveryProblem({ fetch, origin, projectId: PROJECT, accessToken: TOKEN });

  it('goes ahead with point-in-time recovery on and a daily backup schedule, asking with the deployer’s token', async () => {
    answers = {
      [DATABASE_PATH]: database('POINT_IN_TIME_RECOVERY_ENABLED'),
      [`${DATABASE_PATH}/backupSchedules`]: schedules(WEEKLY, DAILY),
    };
    asked.length = 0;
    expect(await check()).toBeNull();
    expect(asked).toEqual([
      { path: DATABASE_PATH, authorization: `Bearer ${TOKEN}` },
      { path: `${DATABASE_PATH}/backupSchedules`, authorization: `Bearer ${TOKEN}` },
    ]);
  });

  it('is refused without point-in-time recovery, with the command that turns it on', async () => {
    for (const pitr of ['POINT_IN_TIME_RECOVERY_DISABLED', 'POINT_IN_TIME_RECOVERY_ENABLEMENT_UNSPECIFIED']) {
      answers = {
        [DATABASE_PATH]: database(pitr),
        [`${DATABASE_PATH}/backupSchedules`]: schedules(DAILY),
      };
      const problem = await check();
      expect(problem).toContain('Point-in-time recovery is off');
      expect(problem).toContain(recoveryCommands(PROJECT).pitr);
      expect(problem).not.toContain('backups schedules create');
    }
    expect(recoveryCommands(PROJECT).pitr).toBe(
      `gcloud firestore databases update --database='(default)' --enable-pitr --project=${PROJECT}`,
    );
  });

  it('is refused without a backup schedule, or with a weekly one only, with the command for a daily one', async () => {
    for (const [list, words] of [
      [[], 'no daily backup schedule.'],
      [[WEEKLY], 'no daily backup schedule (only a weekly one).'],
    ] as const) {
      answers = {
        [DATABASE_PATH]: database('POINT_IN_TIME_RECOVERY_ENABLED'),
        [`${DATABASE_PATH}/backupSchedules`]: schedules(...list),
      };
      const problem = await check();
      expect(problem).toContain(words);
      expect(problem).toContain(
        `gcloud firestore backups schedules create --database='(default)' --recurrence=daily --retention=7d --project=${PROJECT}`,
      );
    }
  });

  it('is refused, in words, when the settings cannot be read', async () => {
    answers = {
      [DATABASE_PATH]: [
        403,
        { error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' } },
      ],
    };
    const denied = await check();
    expect(denied).toContain('Could not check point-in-time recovery of sme-hair-live');
    expect(denied).toContain('answered 403: The caller does not have permission');
    expect(denied).toContain('Cloud Datastore Owner');

    answers = { [DATABASE_PATH]: database('POINT_IN_TIME_RECOVERY_ENABLED') };
    expect(await check()).toContain('Could not check the backup schedules of sme-hair-live');

    const unreachable = await recoveryProblem({
      fetch,
      origin: 'http://127.0.0.1:9',
      projectId: PROJECT,
      accessToken: TOKEN,
    });
    expect(unreachable).toMatch(
      /^Could not check point-in-time recovery of sme-hair-live's Firestore database: could not reach/,
    );
  });
});
