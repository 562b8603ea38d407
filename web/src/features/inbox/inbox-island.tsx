import { INBOX_PATH } from '@contract/inbox/inbox-address';
import { Router } from 'wouter';
import { Inbox } from './inbox';
import { InboxStylesheet } from './inbox-stylesheet';

/**
 * The sales inbox, the whole of its page's content, as an island that takes over at once. Its
 * router reads the address (the list, or an enquiry's own /inbox/<collection>/<id>); the build and
 * the hydration both render the page as /inbox, and the browser's address takes over after.
 */
export default function InboxIsland() {
  return (
    <Router ssrPath={INBOX_PATH}>
      <InboxStylesheet />
      <Inbox />
    </Router>
  );
}
