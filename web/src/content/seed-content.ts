/**
 * The committed seed (site-content.seed.json): the content a fresh clone shows and `npm start`
 * seeds the Site part's drafts with, made from what web/src/content held as TypeScript. The build
 * renders it when no content documents exist; the tests render it. Never part of a browser's download.
 */
import { contentOfSeed, type ContentSeed } from '@contract/site/site-content';
import seed from './site-content.seed.json';

export const contentSeed = seed as ContentSeed;
export const seedContent = contentOfSeed(contentSeed);
