/**
 * What `npm run deploy` checks before it builds anything, as pure functions so tests can call them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';
import type { UnconfirmedValue } from '../../functions/src/contract/site/site-content-checks';
import { DEPRECATED_APP_CHECK_PARAM, inboxCallsRequireAppCheck } from '../../functions/src/config';
import { parseDotenv } from '../../functions/src/dotenv';

/** The App Check site key (reCAPTCHA Enterprise) the web build reads from `.env.live`. */
export const APP_CHECK_KEY_VARIABLE = 'VITE_APPCHECK_RECAPTCHA_ENTERPRISE_KEY';
const WITHOUT_APP_CHECK_FLAG = 'without-app-check';
const ALLOW_PLACEHOLDERS_FLAG = 'allow-placeholders';
/** Runs every check and names the commands a deploy would run, without building or deploying. */
const DRY_RUN_FLAG = 'dry-run';

export const DEPLOY_USAGE = `usage: npm run deploy [-- --${WITHOUT_APP_CHECK_FLAG}] [--${ALLOW_PLACEHOLDERS_FLAG}] [--${DRY_RUN_FLAG}]`;

type DeployOptions = { withoutAppCheck: boolean; allowPlaceholders: boolean; dryRun: boolean };

export class DeployUsageError extends Error {}

export function parseDeployArgs(argv: string[]): DeployOptions {
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        [WITHOUT_APP_CHECK_FLAG]: { type: 'boolean', default: false },
        [ALLOW_PLACEHOLDERS_FLAG]: { type: 'boolean', default: false },
        [DRY_RUN_FLAG]: { type: 'boolean', default: false },
      },
    });
    return {
      withoutAppCheck: values[WITHOUT_APP_CHECK_FLAG] === true,
      allowPlaceholders: values[ALLOW_PLACEHOLDERS_FLAG] === true,
      dryRun: values[DRY_RUN_FLAG] === true,
    };
  } catch (error) {
    throw new DeployUsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The value of `NAME=value` in a dotenv file (quotes removed), or '' when it is absent. */
export function dotenvValue(text: string, name: string): string {
  return (parseDotenv(text)[name] ?? '').trim();
}

/**
 * Without an App Check key the site's Firestore writes carry no attestation, and enforcing App
 * Check in the console would then refuse every real enquiry: refuse to deploy, unless the
 * operator says so explicitly.
 */
export function appCheckProblem(envLive: string, options: DeployOptions): string | null {
  if (options.withoutAppCheck) return null;
  if (dotenvValue(envLive, APP_CHECK_KEY_VARIABLE) !== '') return null;
  return (
    `.env.live has no ${APP_CHECK_KEY_VARIABLE}: create a reCAPTCHA Enterprise key and register it ` +
    `for App Check (README, "App Check"), or deploy without App Check with --${WITHOUT_APP_CHECK_FLAG}.`
  );
}

/**
 * The functions' App Check switch under its former name (config.ts): a deploy asks for the new
 * name wherever the file lacks it, offering `true`, and where the two disagree the functions
 * require App Check, so a file whose old name turns the check off would quietly turn it back on.
 * Refused until the line is renamed; any other use of the old name is only warned about.
 */
export function formerAppCheckParam(
  functionsEnv: string,
  file: string,
): { problem: string } | { warning: string } | null {
  const former = dotenvValue(functionsEnv, DEPRECATED_APP_CHECK_PARAM);
  if (former === '') return null;
  const current = dotenvValue(functionsEnv, inboxCallsRequireAppCheck.name);
  const rename = `rename ${DEPRECATED_APP_CHECK_PARAM} to ${inboxCallsRequireAppCheck.name} in ${file} (README, "App Check")`;
  if (former === 'false' && current !== 'false')
    return {
      problem: `${file} turns App Check off with ${DEPRECATED_APP_CHECK_PARAM}=false, which the functions no longer obey beside ${inboxCallsRequireAppCheck.name}: ${rename}.`,
    };
  return { warning: `${DEPRECATED_APP_CHECK_PARAM} is deprecated: ${rename}.` };
}

/** A value in the site's content that the owner marked as standing in for the real one. */
type ContentPlaceholder = {
  /** Path of the file, relative to the directory searched. */
  file: string;
  line: number;
  /** Where the value sits in the data, e.g. `site.phone.display` or `categories[machine-weft].facts.length`. */
  name: string;
  /** The value as written in the source. */
  value: string;
};

/** The owner's marker: a comment on the value's line, or in the doc comment just above it. */
const PLACEHOLDER_MARKER = /\bPLACEHOLDER\b/;

function contentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return contentFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function propertyKey(node: ts.PropertyName, source: ts.SourceFile): string {
  return ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isNumericLiteral(node)
    ? node.text
    : node.getText(source);
}

/** An array element is named by its `slug` when it has one (stable as the owner edits), else its index. */
function elementKey(element: ts.Expression, array: ts.ArrayLiteralExpression): string {
  if (ts.isObjectLiteralExpression(element)) {
    for (const property of element.properties) {
      if (
        ts.isPropertyAssignment(property) &&
        ts.isIdentifier(property.name) &&
        property.name.text === 'slug' &&
        ts.isStringLiteralLike(property.initializer)
      )
        return `[${property.initializer.text}]`;
    }
  }
  return `[${array.elements.indexOf(element)}]`;
}

function dataPath(node: ts.Node, source: ts.SourceFile): string {
  const parts: string[] = [];
  let current: ts.Node = node;
  while (current.parent && !ts.isSourceFile(current)) {
    const parent: ts.Node = current.parent;
    if (ts.isPropertyAssignment(current)) parts.unshift(`.${propertyKey(current.name, source)}`);
    else if (ts.isVariableDeclaration(current)) parts.unshift(current.name.getText(source));
    if (ts.isArrayLiteralExpression(parent) && ts.isExpression(current))
      parts.unshift(elementKey(current, parent));
    current = parent;
  }
  return parts.join('').replace(/^\./, '');
}

function isMarked(node: ts.Node, text: string): boolean {
  const leading = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  if (leading.some(({ pos, end }) => PLACEHOLDER_MARKER.test(text.slice(pos, end)))) return true;
  // A comment after the value on the same line: `phone: '+91 …', // PLACEHOLDER`.
  const lineEnd = text.indexOf('\n', node.getEnd());
  const rest = text.slice(node.getEnd(), lineEnd === -1 ? undefined : lineEnd);
  return /^\s*,?\s*(?:\/\/|\/\*)/.test(rest) && PLACEHOLDER_MARKER.test(rest);
}

/**
 * Every value in `contentDir` (the site's copy, web/src/content) the owner still has to replace:
 * the properties marked PLACEHOLDER. A real deployment must not show a made-up phone number.
 */
export function findContentPlaceholders(contentDir: string): ContentPlaceholder[] {
  const found: ContentPlaceholder[] = [];
  for (const path of contentFiles(contentDir).sort()) {
    const text = readFileSync(path, 'utf8');
    if (!PLACEHOLDER_MARKER.test(text)) continue;
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if ((ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node)) && isMarked(node, text)) {
        const value = (ts.isPropertyAssignment(node) ? node.initializer : node.initializer)?.getText(source);
        found.push({
          file: relative(contentDir, path),
          line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
          name: dataPath(node, source),
          value: (value ?? '').replace(/\s+/g, ' '),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/**
 * The site must not ship a stand-in phone number, address or claim: refuse while any is left,
 * listing them, unless the operator says so explicitly (a staging deploy).
 */
export function placeholderProblem(
  placeholders: ContentPlaceholder[],
  options: DeployOptions,
): string | null {
  if (options.allowPlaceholders || placeholders.length === 0) return null;
  const list = placeholders.map(({ file, line, name, value }) => `  ${file}:${line}  ${name} = ${value}`);
  return [
    `web/src/content still has ${placeholders.length} PLACEHOLDER value(s) a visitor would see:`,
    ...list,
    `Replace them (README, "Deploying"), or deploy anyway with --${ALLOW_PLACEHOLDERS_FLAG}.`,
  ].join('\n');
}

/**
 * The owner's content a deploy would render (the content published from the Site part, or the
 * committed seed before the first publish) must not ship the seed's sample values either: refuse
 * while any is unconfirmed, naming each as the Site part does, unless the operator says so.
 */
export function contentPlaceholderProblem(
  unconfirmed: UnconfirmedValue[],
  from: string,
  options: DeployOptions,
): string | null {
  if (options.allowPlaceholders || unconfirmed.length === 0) return null;
  return [
    `The site's content (${from}) still has ${unconfirmed.length} sample value(s) a visitor would see:`,
    ...unconfirmed.map((value) => `  ${value.message}`),
    `The owner confirms or replaces them in the sales inbox's Site part and publishes (README, "Going live"), or deploy anyway with --${ALLOW_PLACEHOLDERS_FLAG}.`,
  ].join('\n');
}

/** Google's Firestore Admin API; tests point the check at a local stand-in instead. */
export const FIRESTORE_ADMIN_ORIGIN = 'https://firestore.googleapis.com';
/** The project's one database. */
const DATABASE_ID = '(default)';
/** What the Admin API's Database reports when point-in-time recovery keeps 7 days of versions. */
const PITR_ENABLED = 'POINT_IN_TIME_RECOVERY_ENABLED';
/** A daily schedule keeps each backup at most 7 days (Firestore's limit for daily backups). */
export const DAILY_BACKUP_RETENTION = '7d';

/** The gcloud commands that turn on what the recovery check asks for. */
export function recoveryCommands(projectId: string) {
  return {
    pitr: `gcloud firestore databases update --database='${DATABASE_ID}' --enable-pitr --project=${projectId}`,
    dailyBackups:
      `gcloud firestore backups schedules create --database='${DATABASE_ID}' --recurrence=daily ` +
      `--retention=${DAILY_BACKUP_RETENTION} --project=${projectId}`,
  };
}

type RecoveryRequest = {
  fetch: typeof fetch;
  /** FIRESTORE_ADMIN_ORIGIN, or a stand-in's. */
  origin: string;
  projectId: string;
  /** An OAuth access token of the account that deploys. */
  accessToken: string;
};

/** The JSON of a GET on the Admin API, or the reason it could not be read, in words. */
async function readAdmin(
  request: RecoveryRequest,
  path: string,
): Promise<{ body: Record<string, unknown> } | { error: string }> {
  const url = `${request.origin}/v1/projects/${request.projectId}/databases/${DATABASE_ID}${path}`;
  let response: Response;
  try {
    response = await request.fetch(url, { headers: { authorization: `Bearer ${request.accessToken}` } });
  } catch (error) {
    return {
      error: `could not reach ${request.origin} (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = (body as { error?: { message?: string } } | null)?.error?.message ?? text.slice(0, 200);
    return {
      error: `the Firestore Admin API answered ${response.status}: ${message.trim() || 'no reason given'}`,
    };
  }
  if (!body || typeof body !== 'object')
    return { error: `the Firestore Admin API answered ${url} with something that is not JSON` };
  return { body: body as Record<string, unknown> };
}

/**
 * An enquiry erased by mistake, or damaged by a bug, can only come back from what Firestore kept:
 * refuse to deploy to a database without point-in-time recovery (7 days of versions) and a daily
 * backup schedule, naming the command that turns each on. Settings that cannot be read are a
 * refusal too: a deploy goes ahead only once both are known to be on.
 */
export async function recoveryProblem(request: RecoveryRequest): Promise<string | null> {
  const commands = recoveryCommands(request.projectId);
  const unreadable = (what: string, error: string) =>
    `Could not check ${what} of ${request.projectId}'s Firestore database: ${error}. ` +
    `The deploying account needs to read the database's settings (role Cloud Datastore Owner, or ` +
    `datastore.databases.get and datastore.backupSchedules.list); see README, "Backups and restores".`;

  const problems: string[] = [];
  const database = await readAdmin(request, '');
  if ('error' in database) return unreadable('point-in-time recovery', database.error);
  if (database.body.pointInTimeRecoveryEnablement !== PITR_ENABLED)
    problems.push(
      `Point-in-time recovery is off for ${request.projectId}'s Firestore database, so nothing before the last hour can be read back. Turn it on:\n  ${commands.pitr}`,
    );

  const schedules = await readAdmin(request, '/backupSchedules');
  if ('error' in schedules) return unreadable('the backup schedules', schedules.error);
  const list = Array.isArray(schedules.body.backupSchedules)
    ? (schedules.body.backupSchedules as unknown[])
    : [];
  const daily = list.some(
    (schedule) => typeof schedule === 'object' && schedule !== null && 'dailyRecurrence' in schedule,
  );
  if (!daily)
    problems.push(
      `${request.projectId}'s Firestore database has no daily backup schedule${list.length ? ' (only a weekly one)' : ''}. Create one:\n  ${commands.dailyBackups}`,
    );
  return problems.length ? `${problems.join('\n')}\n(README, "Backups and restores".)` : null;
}
