import inboxStylesheet from './inbox.css?url';

/**
 * The inbox's own stylesheet, as a link React hoists into the head (the prerender keeps it there):
 * its own file, so the site's one stylesheet, which every public page loads, stays as it was.
 */
export function InboxStylesheet() {
  return <link rel="stylesheet" href={inboxStylesheet} precedence="inbox" />;
}
