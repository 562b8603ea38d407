/**
 * What a visitor sees instead of a part of the page that failed. When the failure is code that
 * could not be downloaded (a new release removed it, or the network gave up), the page is first
 * loaded afresh, once; only if that cannot help does the notice show, with a reload button.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { canLoadAfresh, isCodeUnavailable, loadPageAfresh } from '../lib/code-loading';
import './recovery-notice.css';

type RecoveryNoticeProps = {
  error: unknown;
  title: string;
  /** The heading's level where the notice stands: a page's own h1, or a form's place under a page heading. */
  headingLevel: 1 | 2 | 3;
  children: ReactNode;
};

export function RecoveryNotice({ error, title, headingLevel, children }: RecoveryNoticeProps) {
  const [reloading] = useState(() => isCodeUnavailable(error) && canLoadAfresh());
  useEffect(() => {
    if (reloading) loadPageAfresh();
  }, [reloading]);

  if (reloading) return <div className="recovery recovery--pending" aria-busy="true" />;
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="recovery" role="alert">
      <Heading className="recovery__title">{title}</Heading>
      <div className="recovery__text">{children}</div>
      <button
        type="button"
        className="button button--primary recovery__reload"
        onClick={() => loadPageAfresh()}
      >
        Reload the page
      </button>
    </div>
  );
}
