/**
 * /inbox: the sales team's private page. Not in the navigation or the sitemap, and noindex (the
 * head here and an X-Robots-Tag header in firebase.json). Its code, its stylesheet and Firebase
 * Authentication with the full Firestore SDK load only here.
 */
import { usePageHead } from '../../features/seo/page-head';
import { site } from '../../content/site';
import { INBOX_PATH } from '../../config/paths';
import { Island } from '../islands/island';

export default function InboxPage() {
  usePageHead({
    title: `Sales inbox | ${site.companyName}`,
    description: `The ${site.companyName} sales team's enquiries. Sign in with a sales account.`,
    path: INBOX_PATH,
    noindex: true,
  });
  return (
    <section className="section">
      <div className="container">
        <h1 className="inbox__title">Sales inbox</h1>
        <Island name="inbox" wake="load" />
      </div>
    </section>
  );
}
