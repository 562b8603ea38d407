/**
 * One test file's Firestore admin app and SMTP catcher, for the suites that drive the functions'
 * delivery code directly: started once, emptied before every test (no documents, no mail, a
 * server that answers and accepts), stopped at the end.
 *
 *   let db: Firestore;
 *   let catcher: SmtpCatcher;
 *   useDeliverySuite('resend-tests', (suite) => ({ db, catcher } = suite));
 */
import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { clearFirestore, startAdmin, stopAdmin } from './firestore-admin';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';

export type DeliverySuite = { db: Firestore; catcher: SmtpCatcher };

/** Registers the hooks; `ready` receives the suite once it runs, before any test. */
export function useDeliverySuite(name: string, ready: (suite: DeliverySuite) => void): void {
  let app: App | undefined;
  let catcher: SmtpCatcher | undefined;

  beforeAll(async () => {
    const admin = startAdmin(name);
    app = admin.app;
    catcher = await startSmtpCatcher();
    ready({ db: admin.db, catcher });
  });

  afterAll(async () => {
    await catcher?.close();
    if (app) await stopAdmin(app);
  });

  beforeEach(async () => {
    await clearFirestore();
    catcher?.setPaused(false);
    catcher?.setQuota(null);
    catcher?.clear();
    catcher?.setRejecting(false);
  });
}
