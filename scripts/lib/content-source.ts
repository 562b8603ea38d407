/**
 * What a build renders: the content the live site was last published from (`site-live/current`,
 * written by each publish and undo) when the build is for the real project (`npm run deploy` sets
 * SITE_CONTENT_PROJECT), so a deploy of new code never takes back what the owner published; the
 * committed seed otherwise (a fresh clone, `npm start`, the tests), and on a project the owner has
 * not published from yet. A project that cannot be read stops the build: rendering the seed there
 * would quietly undo the owner's work.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { SITE_LIVE_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { assembleContent, type SiteContent } from '../../functions/src/contract/site/site-content';
import { cloudStorageStore } from '../../functions/src/site/file-store';
import { photoFiles } from '../../functions/src/site/site-files';
import { seedContent } from '../../web/src/content/seed-content';

export type BuildContent = { content: SiteContent; from: string; photos: Map<string, Buffer> };

export async function buildContent(project = process.env.SITE_CONTENT_PROJECT): Promise<BuildContent> {
  if (!project) return { content: seedContent, from: 'the committed seed', photos: new Map() };
  const app = initializeApp(
    { projectId: project, storageBucket: process.env.SITE_PHOTO_BUCKET ?? `${project}.firebasestorage.app` },
    `build-content-${Date.now()}`,
  );
  try {
    const live = await getFirestore(app).collection(SITE_LIVE_COLLECTION).doc('current').get();
    const sections = live.get('sections') as Record<string, unknown> | null | undefined;
    if (!sections)
      return { content: seedContent, from: 'the committed seed (nothing published yet)', photos: new Map() };
    const content = assembleContent(sections);
    const photos = await photoFiles(cloudStorageStore(getStorage(app).bucket()), content);
    return { content, from: `the content live on ${project}`, photos };
  } catch (error) {
    throw new Error(
      `Could not read the published content of ${project} (${(error as Error).message}). Run \`gcloud auth application-default login\` and try again.`,
    );
  } finally {
    await deleteApp(app);
  }
}
