import { Suspense } from 'react';
import { Redirect, Router, useLocation } from 'wouter';
import { HeadCollectorProvider, type CollectHead } from '../features/seo/page-head';
import { NotFoundPage } from './pages/not-found-page';
import { HOME_PATH, matchPage } from './routes';
import { Shell } from './shell/shell';

function PageOutlet() {
  const [location] = useLocation();
  if (location === '/') return <Redirect to={HOME_PATH} replace />;
  const match = matchPage(location);
  const Page = match?.route.page;
  return (
    // The not-found page sits in the same boundary as every page, so an unknown product URL
    // (rendered by the product page) and 404.html produce the same markup to hydrate.
    <Suspense fallback={<div className="page-loading" />}>
      {/* Keyed by route pattern: switching products keeps the description page mounted. */}
      {Page ? <Page key={match.route.path} params={match.params} /> : <NotFoundPage />}
    </Suspense>
  );
}

/**
 * The whole site. `ssrPath` and `collectHead` are set only when prerendering a URL at build
 * time; the tree is otherwise identical so hydration matches.
 */
export function App({ ssrPath, collectHead = null }: { ssrPath?: string; collectHead?: CollectHead | null }) {
  return (
    <HeadCollectorProvider collect={collectHead}>
      <Router ssrPath={ssrPath}>
        <Shell>
          <PageOutlet />
        </Shell>
      </Router>
    </HeadCollectorProvider>
  );
}
