import { Suspense, type ReactNode } from 'react';
import { Redirect, Router, useLocation } from 'wouter';
import { ErrorBoundary } from '../components/error-boundary';
import { RecoveryNotice } from '../components/recovery-notice';
import { HeadCollectorProvider, type CollectHead } from '../features/seo/page-head';
import { NotFoundPage } from './pages/not-found-page';
import { HOME_PATH } from '../config/paths';
import { useHydratedMark } from '../lib/hydration';
import { matchPage } from './routes';
import { Shell } from './shell/shell';

/** The public pages' header, footer and chat button, around every page that has none of its own. */
function Chrome({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return matchPage(location)?.route.ownChrome ? children : <Shell>{children}</Shell>;
}

function PageOutlet() {
  const [location] = useLocation();
  if (location === '/') return <Redirect to={HOME_PATH} replace />;
  const match = matchPage(location);
  const Page = match?.route.page;
  const routeKey = match?.route.path ?? 'not-found';
  return (
    // A page that fails (its code gone after a release, or a bug) takes only the main area with it.
    <ErrorBoundary key={routeKey} fallback={(error) => <PageRecovery error={error} />}>
      {/* The not-found page sits in the same boundary as every page, so an unknown product URL
          (rendered by the product page) and 404.html produce the same markup to hydrate. */}
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
        {/* Keyed by route pattern: switching products keeps the description page mounted. */}
        {Page ? <Page key={routeKey} params={match.params} /> : <NotFoundPage />}
        <HydratedMark />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Renders nothing; marks <html> once the page beside it is interactive (see lib/hydration). */
function HydratedMark() {
  useHydratedMark();
  return null;
}

function PageRecovery({ error }: { error: unknown }) {
  return (
    <section className="section">
      <div className="container">
        <RecoveryNotice error={error} title="This page could not be shown" headingLevel={1}>
          <p>Something went wrong while loading it. Reloading the page usually fixes this.</p>
        </RecoveryNotice>
      </div>
    </section>
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
        <Chrome>
          <PageOutlet />
        </Chrome>
      </Router>
    </HeadCollectorProvider>
  );
}
