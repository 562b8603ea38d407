/**
 * `npm run deploy`: builds the site against the real Firebase project and deploys hosting, the
 * Firestore rules and indexes, and the functions with the firebase CLI.
 *
 * Needs (see README, "Deploying"): a `live` alias in .firebaserc (`npx firebase use --add`), the
 * web config in `.env.live` (VITE_FIREBASE_* values), the functions params in
 * `functions/.env.<project-id>` and the SMTP_PASSWORD secret, and a logged-in firebase CLI.
 * It refuses to deploy without the App Check site key in `.env.live` unless run with
 * `--without-app-check` (README, "App Check"), and while any value in web/src/content is still
 * marked PLACEHOLDER (a made-up phone number, address or site URL) unless run with
 * `--allow-placeholders`. It refuses a Firestore database without point-in-time recovery and a daily
 * backup schedule, read with the deployer's application default credentials (README, "Backups and
 * restores"). `--dry-run` runs every check and prints the commands without running them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unconfirmedValues } from '../functions/src/contract/site/site-content-checks';
import { contentSeed } from '../web/src/content/seed-content';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { buildContent } from './lib/content-source';
import { seedSiteDrafts } from './lib/site-drafts';
import {
  appCheckProblem,
  contentPlaceholderProblem,
  DEPLOY_USAGE,
  DeployUsageError,
  findContentPlaceholders,
  FIRESTORE_ADMIN_ORIGIN,
  parseDeployArgs,
  formerAppCheckParam,
  placeholderProblem,
  recoveryProblem,
} from './lib/deploy-checks';
import { noCredentialsAdvice, requireCredentials } from './lib/google-credentials';
import { FIREBASE_BIN } from './lib/emulator-env';
import { fail, ROOT } from './lib/project';
import { run } from './lib/processes';

const ALIAS = 'live';
const WEB_CONFIG = join(ROOT, '.env.live');
const CONTENT_DIR = join(ROOT, 'web', 'src', 'content');

let options;
try {
  options = parseDeployArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof DeployUsageError)) throw error;
  fail(`${error.message}\n${DEPLOY_USAGE}`);
}

// First, because it needs nothing set up: what visitors would read.
const placeholders = placeholderProblem(findContentPlaceholders(CONTENT_DIR), options);
if (placeholders) fail(placeholders);
if (options.allowPlaceholders) console.warn('⚠ Deploying with PLACEHOLDER values in web/src/content.');

const aliases = (
  JSON.parse(readFileSync(join(ROOT, '.firebaserc'), 'utf8')) as { projects?: Record<string, string> }
).projects;
const projectId = aliases?.[ALIAS];
if (!projectId) fail(`No "${ALIAS}" project alias: run \`npx firebase use --add\` and name it ${ALIAS}.`);
if (projectId.startsWith('demo-'))
  fail(`The "${ALIAS}" alias points at ${projectId}, a local-only demo project.`);
if (!existsSync(WEB_CONFIG))
  fail('No .env.live: copy the web app config from the Firebase console (README, "Deploying").');
if (!readFileSync(WEB_CONFIG, 'utf8').includes(`VITE_FIREBASE_PROJECT_ID=${projectId}`)) {
  fail(
    `.env.live must set VITE_FIREBASE_PROJECT_ID=${projectId}, the project the "${ALIAS}" alias deploys to.`,
  );
}
const appCheck = appCheckProblem(readFileSync(WEB_CONFIG, 'utf8'), options);
if (appCheck) fail(appCheck);
if (options.withoutAppCheck) console.warn('⚠ Deploying without App Check: any client can write enquiries.');
// A way back for the enquiries before anything goes live: point-in-time recovery and daily backups.
{
  const app = initializeApp({ projectId }, 'deploy-recovery-check');
  await requireCredentials(app, projectId);
  const credential = app.options.credential;
  if (!credential) fail(noCredentialsAdvice(projectId));
  const { access_token: accessToken } = await credential.getAccessToken();
  const recovery = await recoveryProblem({ fetch, origin: FIRESTORE_ADMIN_ORIGIN, projectId, accessToken });
  await deleteApp(app);
  if (recovery) fail(recovery);
}
// What the build will render: the content the owner published, or the seed before the first publish.
if (!options.dryRun) {
  const built = await buildContent(projectId);
  const unconfirmed = built.from.includes('seed') ? unconfirmedValues(contentSeed) : [];
  const content = contentPlaceholderProblem(unconfirmed, built.from, options);
  if (content) fail(content);
}
if (!existsSync(join(ROOT, 'functions', `.env.${projectId}`))) {
  fail(`No functions/.env.${projectId}: set the mail params there (README, "Deploying").`);
}
const formerAppCheck = formerAppCheckParam(
  readFileSync(join(ROOT, 'functions', `.env.${projectId}`), 'utf8'),
  `functions/.env.${projectId}`,
);
if (formerAppCheck && 'problem' in formerAppCheck) fail(formerAppCheck.problem);
else if (formerAppCheck) console.warn(`⚠ ${formerAppCheck.warning}`);

// The build renders the content live on the project, not the seed (scripts/lib/content-source.ts).
process.env.SITE_CONTENT_PROJECT = projectId;
const steps: [string, string[]][] = [
  ['npm', ['run', 'build:assets']],
  ['npx', ['vite', 'build', '--mode', ALIAS]],
  ['npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--mode', ALIAS]],
  ['npx', ['tsx', 'scripts/prerender.ts']],
  ['npm', ['run', 'build:functions']],
  [
    FIREBASE_BIN,
    ['deploy', '--project', ALIAS, '--only', 'hosting,firestore:rules,firestore:indexes,functions'],
  ],
];
for (const [command, args] of steps) {
  if (options.dryRun) console.log(`would run: ${[command, ...args].join(' ')}`);
  else run(command, args);
}
// The owner's Site part starts from the seed on a project where nothing is stored yet; what the
// owner saved is never touched.
if (!options.dryRun) {
  const app = initializeApp({ projectId }, 'deploy-site-drafts');
  const created = await seedSiteDrafts(getFirestore(app));
  await deleteApp(app);
  if (created) console.log(`• the Site part's drafts: ${created} sections made from the seed.`);
}
