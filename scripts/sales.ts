/**
 * Gives an account access to the sales inbox (/inbox), or takes it away:
 *
 *   npm run sales -- grant someone@example.com          # the local emulator (demo project)
 *   npm run sales -- revoke someone@example.com --project <real-project-id>
 *
 * The account must exist (Firebase console → Authentication → Add user, or the emulator). A grant
 * reaches the inbox at the account's next sign-in or token refresh (within an hour). A revoke takes
 * effect at the account's next request: its sessions cannot refresh, and the rules and the resend
 * function refuse its current token (see recordRevocation).
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { requireCredentials } from './lib/google-credentials';
import {
  FIRESTORE_EMULATOR_HOST,
  parseSalesArgs,
  recordRevocation,
  SALES_USAGE,
  SalesUsageError,
  setSalesClaim,
  useAuthEmulator,
} from './lib/sales-accounts';

let command;
try {
  command = parseSalesArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof SalesUsageError)) throw error;
  console.error(`✖ ${error.message}\n${SALES_USAGE}`);
  process.exit(2);
}
const emulator = useAuthEmulator(command.projectId, process.env);
if (emulator) {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
  process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_EMULATOR_HOST;
}
const app = initializeApp({ projectId: command.projectId });
if (!emulator) await requireCredentials(app, command.projectId);
try {
  const uid = await setSalesClaim(
    getAuth(app),
    command.email,
    command.action !== 'revoke',
    command.action === 'grant-owner',
  );
  if (command.action === 'revoke') await recordRevocation(getFirestore(app), uid);
  const where = emulator ? `the Auth emulator at ${emulator}` : `project ${command.projectId}`;
  console.log(
    command.action !== 'revoke'
      ? `✔ ${command.email} (${uid}) can now use the sales inbox on ${where}${command.action === 'grant-owner' ? ", and find, export and erase a buyer's data" : ''}.`
      : `✔ ${command.email} (${uid}) no longer has access on ${where}; its next request is refused.`,
  );
} catch (error) {
  const code = (error as { code?: unknown }).code;
  const message =
    code === 'auth/user-not-found'
      ? 'no account has this email; create it first (Firebase console → Authentication → Add user)'
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(`✖ ${command.action} failed for ${command.email}: ${message}`);
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}
