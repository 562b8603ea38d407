/**
 * A publish in a process of its own, for the test that kills it halfway: the same code and
 * dependencies as the function's, against the emulator and the stand-in the test started.
 *   node --import tsx tests/support/publish-child.ts <api origin> <photo dir> <live url> <lease ms>
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { runSitePublish } from '../../functions/src/site/publish';
import { PROJECT_ID } from './emulator';
import { CALLERS, publishDeps } from './site-publish';

const [apiOrigin = '', photoDir = '', liveUrl = '', leaseMs = '20000'] = process.argv.slice(2);
const db = getFirestore(initializeApp({ projectId: PROJECT_ID }, 'publish-child'));
const deps = publishDeps(db, { apiOrigin, photoDir, liveUrl, leaseMs: Number(leaseMs) });
const result = await runSitePublish(
  { ...deps, onStep: (step) => void process.stdout.write(`step: ${step}\n`) },
  CALLERS.owner,
  { action: 'publish', publishUnconfirmed: true },
);
process.stdout.write(`result: ${JSON.stringify(result)}\n`);
process.exit(0);
