/**
 * The scheduled sweep (retries, missed triggers, the hourly digest) where no scheduler runs: the
 * Functions emulator ignores `onSchedule` ("the pubsub emulator does not exist"), so `npm start`,
 * `npm run dev` and the stack tests run the same sweep code themselves, on the same schedule as
 * production (SWEEP_SCHEDULE: every 15 minutes), against the emulators, with the emulated
 * functions' own settings (functions/.env.local and .secret.local: the local mail catcher), made
 * into dependencies by the same function the deployed ones use (config.ts `deliveryDepsFrom`).
 *
 * It also answers on http://127.0.0.1:9191: `POST /run` runs a sweep now and answers with its
 * summary, as Cloud Scheduler's "Force run" does in production; `GET /` shows the last summary.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { deliveryDepsFrom, whatsAppSettingsFrom } from '../../functions/src/config';
import { parseDotenv } from '../../functions/src/dotenv';
import type { DeliveryDeps } from '../../functions/src/enquiry/deps';
import type { WhatsAppSettings } from '../../functions/src/channels/whatsapp/graph';
import { sweepUndeliveredEnquiries, type SweepSummary } from '../../functions/src/enquiry/sweeper';
import { PORTS, PROJECT_ID, ROOT } from './project';

/** SWEEP_SCHEDULE ("every 15 minutes") as an interval. */
const SWEEP_INTERVAL_MS = 15 * 60_000;
export const LOCAL_SWEEP_ORIGIN = `http://127.0.0.1:${PORTS.sweep}`;

/** The emulated functions' params and secrets: functions/.env.local and .secret.local. */
export function emulatorFunctionsEnv(): Record<string, string> {
  return {
    ...parseDotenv(readFileSync(join(ROOT, 'functions', '.env.local'), 'utf8')),
    ...parseDotenv(readFileSync(join(ROOT, 'functions', '.secret.local'), 'utf8')),
  };
}

/** The WhatsApp channel as the emulated functions have it (the local stand-in), or null when off. */
export function emulatorWhatsAppSettings(env = emulatorFunctionsEnv()): WhatsAppSettings | null {
  return whatsAppSettingsFrom(env);
}

/** One line per sweep that did something; quiet sweeps stay quiet. */
function consoleLog(prefix: string): DeliveryDeps['log'] {
  const line = (level: string) => (message: string, fields: Record<string, unknown>) => {
    if (message === 'enquiry sweep finished' && fields.due === 0 && fields.digest === 'nothing-held') return;
    console.log(`${prefix} ${level === 'info' ? '' : `${level}: `}${message} ${JSON.stringify(fields)}`);
  };
  return { info: line('info'), warn: line('warn'), error: line('error') };
}

type LocalSweep = {
  /** Runs a sweep now (or waits for the one running) and resolves with its summary. */
  runNow(): Promise<SweepSummary>;
  stop(): Promise<void>;
};

/**
 * Starts sweeping the emulators every `intervalMs` (the first sweep one interval after start, as a
 * schedule's first run), and the `POST /run` endpoint. Needs the Firestore emulator running.
 */
export async function startLocalSweep({
  intervalMs = SWEEP_INTERVAL_MS,
  port = PORTS.sweep,
  firestoreHost = `127.0.0.1:${PORTS.firestore}`,
} = {}): Promise<LocalSweep> {
  process.env.FIRESTORE_EMULATOR_HOST ??= firestoreHost;
  const app = initializeApp({ projectId: PROJECT_ID }, `local-sweep-${Date.now()}`);
  const deps = deliveryDepsFrom(emulatorFunctionsEnv(), {
    db: getFirestore(app),
    log: consoleLog('• sweep:'),
  });
  let running: Promise<SweepSummary> | null = null;
  let last: SweepSummary | null = null;
  let runs = 0;

  const runNow = () => {
    running ??= sweepUndeliveredEnquiries(deps, `local-${new Date().toISOString()}-${(runs += 1)}`)
      .then((summary) => (last = summary))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => {
    runNow().catch((error: unknown) => console.error(`✖ sweep failed: ${String(error)}`));
  }, intervalMs);
  timer.unref();

  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body, null, 2));
    };
    if (request.method === 'POST' && request.url === '/run') {
      runNow().then(
        (summary) => answer(200, summary),
        (error: unknown) => answer(500, { error: String(error) }),
      );
    } else if (request.method === 'GET' && request.url === '/') {
      answer(200, { everyMinutes: intervalMs / 60_000, last });
    } else {
      answer(404, { error: 'POST /run runs a sweep now; GET / shows the last one.' });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });

  return {
    runNow,
    async stop() {
      clearInterval(timer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await running?.catch(() => undefined);
      await deleteApp(app);
    },
  };
}
