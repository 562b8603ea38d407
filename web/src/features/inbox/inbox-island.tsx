import { Inbox } from './inbox';
import { InboxStylesheet } from './inbox-stylesheet';

/** The sales inbox, the whole of its page's content, as an island that takes over at once. */
export default function InboxIsland() {
  return (
    <>
      <InboxStylesheet />
      <Inbox />
    </>
  );
}
