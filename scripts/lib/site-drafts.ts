/**
 * The Site part's drafts made from the committed seed: `npm start` (the emulator starts empty) and
 * `npm run deploy` (a project the owner has not edited yet) create every section that is not stored,
 * at version 0, and never touch one that is: the owner's work is never overwritten by the seed.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { SITE_DRAFTS_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { SECTION_IDS } from '../../functions/src/contract/site/site-content';
import { contentSeed } from '../../web/src/content/seed-content';

/** Creates the sections not stored yet; answers how many it created. */
export async function seedSiteDrafts(db: Firestore): Promise<number> {
  let created = 0;
  for (const id of SECTION_IDS) {
    const ref = db.collection(SITE_DRAFTS_COLLECTION).doc(id);
    const made = await db.runTransaction(async (transaction) => {
      if ((await transaction.get(ref)).exists) return false;
      transaction.create(ref, {
        value: contentSeed[id].value,
        unconfirmed: contentSeed[id].unconfirmed,
        version: 0,
        updatedBy: 'seed',
        updatedByEmail: '',
        updatedAt: null,
      });
      return true;
    });
    if (made) created += 1;
  }
  return created;
}
