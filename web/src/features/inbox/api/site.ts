/**
 * The Site part's data, for the owner: the drafts (live), each section's save in a transaction over
 * the version it started from (as follow-ups are saved), the photo upload and its thumbnails
 * through the `sitePhoto` function, the publish history (live), and Preview, Publish and Undo
 * through the `sitePublish` callable. The rules and both functions check the owner claim
 * themselves; this module only asks.
 */
import { SITE_DRAFTS_COLLECTION, SITE_PUBLISHES_COLLECTION } from '@contract/enquiry/collections';
import type { SectionId } from '@contract/site/site-content';
import {
  APP_CHECK_HEADER,
  SITE_PHOTO_FUNCTION,
  SITE_PUBLISH_FUNCTION,
  type PublishRecord,
  type SitePhotoAnswer,
  type SitePublishRequest,
  type SitePublishResult,
} from '@contract/site/site-publish';
import {
  EMULATOR_PORTS,
  firebaseConfig,
  firestoreEmulator,
  functionsRegion,
} from '../../../lib/firebase-config';
import type { InboxConnection } from './connection';
import type { InboxUser } from './session';

/** One section as stored, with who changed it last. */
export type DraftSection = {
  id: SectionId;
  value: unknown;
  unconfirmed: string[];
  version: number;
  updatedByEmail: string;
  updatedAt: Date | null;
};

/** A save refused because another owner saved a newer version first; `theirs` is what is stored now. */
export class SectionConflict extends Error {
  constructor(readonly theirs: DraftSection) {
    super('Someone else saved this section while you were editing it.');
  }
}

/** A publish renders the whole site; the callable SDK's own 70 s would give up on a busy day. */
const PUBLISH_TIMEOUT_MS = 300_000;

function draftOf(id: string, data: Record<string, unknown>): DraftSection {
  const at = data.updatedAt as { toDate?: () => Date } | null | undefined;
  return {
    id: id as SectionId,
    value: data.value,
    unconfirmed: Array.isArray(data.unconfirmed) ? data.unconfirmed.map(String) : [],
    version: typeof data.version === 'number' ? data.version : 0,
    updatedByEmail: typeof data.updatedByEmail === 'string' ? data.updatedByEmail : '',
    updatedAt: at?.toDate ? at.toDate() : null,
  };
}

/** Calls back with every section, whenever one changes (another owner's save included). */
export function watchDrafts(
  { firestore, db }: InboxConnection,
  onDrafts: (drafts: Map<SectionId, DraftSection>) => void,
  onError: (message: string) => void,
): () => void {
  return firestore.onSnapshot(
    firestore.collection(db, SITE_DRAFTS_COLLECTION),
    (snapshot) =>
      onDrafts(new Map(snapshot.docs.map((doc) => [doc.id as SectionId, draftOf(doc.id, doc.data())]))),
    () => onError('The site’s content could not be read. Check the connection, then reload the page.'),
  );
}

/**
 * Saves a section over the version the owner started from: when the stored one is another (an
 * owner saved in between), nothing is written and SectionConflict carries theirs. The rules hold
 * the same line for any client. Resolves with the version saved.
 */
export async function saveSection(
  { firestore, db }: InboxConnection,
  user: InboxUser,
  id: SectionId,
  change: { value: unknown; unconfirmed: string[] },
  basedOnVersion: number | 'current',
): Promise<number> {
  const ref = firestore.doc(db, SITE_DRAFTS_COLLECTION, id);
  return firestore.runTransaction(db, async (transaction) => {
    const stored = await transaction.get(ref);
    const version = (stored.get('version') as number | undefined) ?? 0;
    if (basedOnVersion !== 'current' && version !== basedOnVersion)
      throw new SectionConflict(draftOf(id, stored.data() ?? {}));
    transaction.set(ref, {
      value: change.value,
      unconfirmed: change.unconfirmed,
      version: version + 1,
      updatedBy: user.uid,
      updatedByEmail: user.email,
      updatedAt: firestore.serverTimestamp(),
    });
    return version + 1;
  });
}

/** The publish history, newest first (the last few). */
export function watchPublishes(
  { firestore, db }: InboxConnection,
  onRecords: (records: (PublishRecord<Date> & { id: string })[]) => void,
): () => void {
  const recent = firestore.query(
    firestore.collection(db, SITE_PUBLISHES_COLLECTION),
    firestore.orderBy('startedAt', 'desc'),
    firestore.limit(5),
  );
  return firestore.onSnapshot(
    recent,
    (snapshot) =>
      onRecords(
        snapshot.docs.map((doc) => {
          const data = doc.data();
          const date = (value: unknown) =>
            ((value as { toDate?: () => Date } | null)?.toDate?.() ?? null) as Date;
          return {
            ...(data as PublishRecord<Date>),
            id: doc.id,
            startedAt: date(data.startedAt),
            finishedAt: date(data.finishedAt),
          };
        }),
      ),
    () => onRecords([]),
  );
}

/** The photo function's address: the emulator's, or the project's in its region. */
function photoFunctionUrl(): string {
  const emulator = firestoreEmulator();
  return emulator
    ? `http://${emulator.host}:${EMULATOR_PORTS.functions}/${firebaseConfig.projectId}/${functionsRegion}/${SITE_PHOTO_FUNCTION}`
    : `https://${functionsRegion}-${firebaseConfig.projectId}.cloudfunctions.net/${SITE_PHOTO_FUNCTION}`;
}

/**
 * Who asks and from where: the owner's ID token, and the site's App Check token when the build has
 * App Check (the function refuses without it, as the callables do; the SDK adds it to those itself).
 */
async function photoHeaders(connection: InboxConnection): Promise<Record<string, string>> {
  const user = connection.authInstance.currentUser;
  if (!user) throw new Error('Sign in again to upload a photo.');
  const [idToken, appCheckToken] = await Promise.all([user.getIdToken(), connection.appCheckToken()]);
  return {
    authorization: `Bearer ${idToken}`,
    ...(appCheckToken ? { [APP_CHECK_HEADER]: appCheckToken } : {}),
  };
}

/** Sends a photo; answers the stored photo, or the function's refusal in the owner's words. */
export async function uploadPhoto(connection: InboxConnection, file: File): Promise<SitePhotoAnswer> {
  const response = await fetch(photoFunctionUrl(), {
    method: 'POST',
    headers: {
      ...(await photoHeaders(connection)),
      'content-type': 'application/octet-stream',
      'x-photo-name': encodeURIComponent(file.name),
    },
    body: file,
  });
  try {
    return (await response.json()) as SitePhotoAnswer;
  } catch {
    return { error: `The photo was not taken (the server answered ${response.status}). Try again.` };
  }
}

/** A stored photo's small copy as a data: address (the inbox's policy shows no other images from elsewhere). */
export async function photoThumbnail(connection: InboxConnection, id: string): Promise<string | null> {
  const response = await fetch(`${photoFunctionUrl()}?id=${encodeURIComponent(id)}&width=240`, {
    headers: await photoHeaders(connection),
  });
  if (!response.ok) return null;
  const blob = await response.blob();
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });
}

/** Preview, Publish or Undo last publish. */
export async function requestPublish(
  { functions, callables }: InboxConnection,
  request: SitePublishRequest,
): Promise<SitePublishResult> {
  const call = functions.httpsCallable<SitePublishRequest, SitePublishResult>(
    callables,
    SITE_PUBLISH_FUNCTION,
    {
      timeout: PUBLISH_TIMEOUT_MS,
    },
  );
  return (await call(request)).data;
}
