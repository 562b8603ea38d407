/**
 * Renders the committed seed: what a fresh build (and so the stack these tests visit) shows. Imported
 * first by every test that reads the site's content to know what a page should say.
 */
import { renderContent } from '../../web/src/content/site-content';
import { seedContent } from '../../web/src/content/seed-content';

renderContent(seedContent);
