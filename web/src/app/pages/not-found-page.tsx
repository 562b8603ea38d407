import { usePageHead } from '../../features/seo/page-head';
import { site } from '../../content/site';
import { HOME_PATH, PRODUCTS_PATH } from '../../config/paths';
import './pages.css';

export const NOT_FOUND_PATH = '/404';

export function NotFoundPage() {
  usePageHead({
    title: `Page not found | ${site.companyName}`,
    description:
      'The page you are looking for does not exist. Browse our human hair extensions or return home.',
    path: NOT_FOUND_PATH,
    noindex: true,
  });
  return (
    <section className="section not-found">
      <div className="container not-found__inner">
        <h1 className="not-found__code">404</h1>
        <p className="not-found__text">Page not found</p>
        <p className="lead">The page may have moved, or the address may have a typo.</p>
        <div className="not-found__actions">
          <a href={HOME_PATH} className="button button--primary">
            Back to Home
          </a>
          <a href={PRODUCTS_PATH} className="button button--outline">
            Browse Products
          </a>
        </div>
      </div>
    </section>
  );
}
