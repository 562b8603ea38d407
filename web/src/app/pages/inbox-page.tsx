/**
 * /inbox and /inbox/<collection>/<id>: the sales team's private page, with its own header and none
 * of the public site's navigation, footer or chat button (routes.ts). Not in the navigation or the
 * sitemap, and noindex (the head here and an X-Robots-Tag header in firebase.json). Its code, its
 * stylesheet and Firebase Authentication with the full Firestore SDK load only here.
 */
import { INBOX_PATH } from '@contract/inbox/inbox-address';
import { usePageHead } from '../../features/seo/page-head';
import { site } from '../../content/site';
import { Island } from '../islands/island';

export default function InboxPage() {
  usePageHead({
    title: `Sales inbox | ${site.companyName}`,
    description: `The ${site.companyName} sales team's enquiries. Sign in with a sales account.`,
    path: INBOX_PATH,
    noindex: true,
  });
  return <Island name="inbox" wake="load" />;
}
