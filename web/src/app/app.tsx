import type { ReactNode } from 'react';
import { Router, useLocation } from 'wouter';
import { HeadCollectorProvider, type CollectHead } from '../features/seo/page-head';
import { NotFoundPage } from './pages/not-found-page';
import { matchPage } from './routes';
import { Shell } from './shell/shell';

/** The public pages' header, footer and chat button, around every page that has none of its own. */
function Chrome({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return matchPage(location)?.route.ownChrome ? children : <Shell>{children}</Shell>;
}

function PageOutlet() {
  const [location] = useLocation();
  const match = matchPage(location);
  const Page = match?.route.page;
  // An unknown product URL (rendered by the product page) and 404.html give the same markup.
  return Page ? <Page params={match.params} /> : <NotFoundPage />;
}

/**
 * The whole site, as the build renders each URL to its HTML (`ssrPath`, `collectHead`). The browser
 * never renders it again: only its islands take over their pieces (islands/islands.ts).
 */
export function App({ ssrPath, collectHead = null }: { ssrPath: string; collectHead?: CollectHead | null }) {
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
