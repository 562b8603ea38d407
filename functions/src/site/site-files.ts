/**
 * The files of the site that come from the owner rather than the build: each photo a product
 * shows, at every published width and format, read from the file store. The publish adds them to
 * the version it releases; a build against the real project (npm run deploy) adds them to dist/site.
 */
import {
  PHOTO_FORMATS,
  PHOTO_WIDTHS,
  photoFilePath,
  productsOf,
  type SiteContent,
} from '../contract/site/site-content';
import type { FileStore } from './file-store';
import { photoFilePathInStore } from './photos';

/** Each photo's published files by their path on the site (`/assets/photos/<id>-800.avif`). */
export async function photoFiles(store: FileStore, content: SiteContent): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const ids = new Set(productsOf(content).flatMap((product) => (product.photo ? [product.photo.id] : [])));
  for (const id of ids)
    for (const width of PHOTO_WIDTHS)
      for (const format of PHOTO_FORMATS) {
        const data = await store.get(photoFilePathInStore(id, width, format));
        if (!data)
          throw new Error(`The photo ${id} has no ${width} px ${format} file in the store: upload it again.`);
        files.set(photoFilePath(id, width, format), data);
      }
  return files;
}
