/**
 * Answers a person's request about their data (the privacy policy's promise), across every store
 * the system controls (functions/src/inbox/privacy.ts):
 *
 *   npm run privacy -- find --email priya@example.com          # what is held, by enquiry
 *   npm run privacy -- export --phone "+91 98765 43210" --out priya.json   # JSON + a summary
 *   npm run privacy -- erase --email priya@example.com          # asks first; --yes to skip
 *   npm run privacy -- purge-expired                            # the emulator's stand-in for TTL
 *
 * The local emulator by default; `--project <id>` for the real project, with application default
 * credentials (`gcloud auth application-default login`), as `npm run export` does. Each request is
 * recorded in `privacy-requests` with a keyed hash of the identifier (HMAC-SHA-256 with the
 * project's PRIVACY_HASH_KEY: lib/privacy-hash-key.ts), never the identifier itself.
 */
import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { createInterface } from 'node:readline/promises';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import {
  countsOf,
  eraseSubject,
  exportSubject,
  findSubject,
  PrivacyInputError,
  purgeExpired,
  readSubject,
  recordRequest,
} from '../functions/src/inbox/privacy';
import { parsePrivacyArgs, PRIVACY_USAGE, PrivacyUsageError, type PrivacyCommand } from './lib/privacy-args';
import { requireCredentials } from './lib/google-credentials';
import { PrivacyHashKeyError, privacyHashKeyFor } from './lib/privacy-hash-key';
import { PORTS } from './lib/project';

let command: PrivacyCommand;
try {
  command = parsePrivacyArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof PrivacyUsageError)) throw error;
  console.error(`✖ ${error.message}\n${PRIVACY_USAGE}`);
  process.exit(2);
}
const onEmulator = command.projectId.startsWith('demo-') || Boolean(process.env.FIRESTORE_EMULATOR_HOST);
if (onEmulator) process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${PORTS.firestore}`;
const app = initializeApp({ projectId: command.projectId });
const db = getFirestore(app);
const by = `cli:${userInfo().username}`;
const where = onEmulator
  ? `the emulator at ${process.env.FIRESTORE_EMULATOR_HOST}`
  : `project ${command.projectId}`;

/** The answer typed, or null when standard input closed first (`< /dev/null`, cron, a CI job). */
async function ask(question: string): Promise<string | null> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  // A question whose input has ended is never answered: without this the process would simply exit 0.
  const closed = new Promise<null>((resolve) => prompt.once('close', () => resolve(null)));
  try {
    return await Promise.race([prompt.question(`${question} [y/N] `).catch(() => null), closed]);
  } finally {
    prompt.close();
  }
}

async function main(): Promise<number> {
  if (!onEmulator) await requireCredentials(app, command.projectId);
  if (command.action === 'purge-expired') {
    const deleted = await purgeExpired(db, new Date());
    console.log(`✔ deleted what had expired on ${where}: ${JSON.stringify(deleted)}`);
    return 0;
  }
  // Before anything is read: without the project's key no request could be recorded.
  const records = {
    db,
    hashKey: privacyHashKeyFor({ projectId: command.projectId, onEmulator }, process.env),
  };
  const subject = readSubject(command.identifier.kind, command.identifier.raw);
  const found = await findSubject(db, subject, command.identifier.raw);
  const counts = countsOf(found);
  const now = new Date();
  if (counts.enquiries === 0) {
    await recordRequest(records, command.action, found, by, now);
    console.log(`• No enquiry on ${where} comes from that ${subject.kind}; nothing was changed.`);
    return 0;
  }
  const { json, summary } = exportSubject(found, now);
  if (command.action === 'find') {
    await recordRequest(records, 'find', found, by, now);
    console.log(summary);
    return 0;
  }
  if (command.action === 'export') {
    await recordRequest(records, 'export', found, by, now);
    const out = command.out ?? `privacy-export-${now.toISOString().slice(0, 10)}.json`;
    writeFileSync(out, `${json}\n`);
    writeFileSync(out.replace(/\.json$/, '') + '.txt', summary);
    console.log(`✔ wrote ${out} and its readable summary beside it.\n\n${summary}`);
    return 0;
  }
  console.log(summary);
  const question = `Erase ${counts.enquiries} enquiries, ${counts.resends} resend records and ${counts.admission} admission records on ${where}?`;
  if (!command.yes) {
    const answer = await ask(question);
    if (answer === null) {
      console.log(
        '\n• No answer came (standard input is closed). Nothing was erased: run it in a terminal to answer, or add --yes.',
      );
      return 1;
    }
    if (!/^y(es)?$/i.test(answer.trim())) {
      console.log('• Nothing was erased.');
      return 1;
    }
  }
  const result = await eraseSubject(records, found, by, now);
  console.log(`✔ erased ${JSON.stringify(result.deleted)} (request ${result.requestId}).`);
  console.log(
    `Not held by the system, so delete these by hand:\n${result.notDeleted.map((line) => `- ${line}`).join('\n')}`,
  );
  return 0;
}

main()
  .then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      if (error instanceof PrivacyInputError || error instanceof PrivacyHashKeyError) {
        console.error(`✖ ${error.message}`);
        process.exitCode = 2;
        return;
      }
      console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  )
  .finally(() => deleteApp(app));
