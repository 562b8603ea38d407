/**
 * Where the owner's photos are kept, behind one small interface: Cloud Storage through the Admin
 * SDK in production, a local folder under the emulators (the Storage emulator cannot start
 * offline, and no client ever writes either: only the functions, after checking the owner).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

export type FileStore = {
  put(path: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when nothing is stored there. */
  get(path: string): Promise<Buffer | null>;
};

/** The store's paths are ours (`photos/<id>/800.avif`): never absolute, never climbing out. */
function checkedPath(path: string): string {
  const clean = normalize(path);
  if (clean.startsWith('..') || clean.startsWith(sep) || /^[a-z]:/i.test(clean) || clean.includes('\0'))
    throw new Error(`Not a store path: ${path}`);
  return clean;
}

/** A folder on this machine (the emulators' photos, under .cache/). Writes land whole: temp file, then rename. */
export function folderStore(root: string): FileStore {
  return {
    async put(path, data) {
      const target = join(root, checkedPath(path));
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, target);
    },
    async get(path) {
      try {
        return await readFile(join(root, checkedPath(path)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

/** What cloudStorageStore needs of a Cloud Storage bucket (the Admin SDK's `getStorage().bucket()`). */
type Bucket = {
  file(path: string): {
    save(data: Buffer, options: { contentType: string; resumable: boolean }): Promise<unknown>;
    download(): Promise<[Buffer]>;
  };
};

/** Cloud Storage, the project's default bucket: private objects, reached only through the functions. */
export function cloudStorageStore(bucket: Bucket): FileStore {
  return {
    async put(path, data, contentType) {
      await bucket.file(checkedPath(path)).save(data, { contentType, resumable: false });
    },
    async get(path) {
      try {
        const [data] = await bucket.file(checkedPath(path)).download();
        return data;
      } catch (error) {
        if ((error as { code?: number }).code === 404) return null;
        throw error;
      }
    },
  };
}
