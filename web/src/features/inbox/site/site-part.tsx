/**
 * The inbox's Site part, for the owner's account only (its own code, loaded when opened): the
 * site's content in sections (products, ranges, trade terms, contact details, general questions,
 * reviews), each with what still needs the owner's real value and what a publish would refuse,
 * each opening as a form (section-form.tsx); above them Preview, Publish and Undo last publish, with
 * what is happening and what happened in plain words.
 */
import { checkSection, sectionTitle, unconfirmedValues } from '@contract/site/site-content-checks';
import { SECTION_IDS, sectionKind, type SectionId } from '@contract/site/site-content';
import type { PublishAction, PublishRecord, SitePublishResult } from '@contract/site/site-publish';
import { useEffect, useState } from 'react';
import type { InboxConnection } from '../api/connection';
import type { InboxUser } from '../api/session';
import { requestPublish, watchDrafts, watchPublishes, type DraftSection } from '../api/site';
import { SectionForm } from './section-form';
import { formatFullDate } from '../when-text';

const GROUPS: { title: string; kinds: string[] }[] = [
  { title: 'Products', kinds: ['product'] },
  { title: 'Trade terms and contact details', kinds: ['trade-terms', 'site-facts'] },
  { title: 'Ranges, questions and reviews', kinds: ['category', 'faqs', 'testimonials'] },
];

type Status =
  | { phase: 'idle' }
  | { phase: 'running'; action: PublishAction }
  | { phase: 'result'; result: SitePublishResult; action: PublishAction }
  | { phase: 'failed'; message: string };

const ACTION_WORDS: Record<PublishAction, string> = {
  preview: 'Preparing the preview',
  publish: 'Publishing',
  undo: 'Undoing the last publish',
};

export default function SitePart({ connection, user }: { connection: InboxConnection; user: InboxUser }) {
  const [drafts, setDrafts] = useState<Map<SectionId, DraftSection> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<SectionId | null>(null);
  const [records, setRecords] = useState<(PublishRecord<Date> & { id: string })[]>([]);
  const [status, setStatus] = useState<Status>({ phase: 'idle' });

  useEffect(() => watchDrafts(connection, setDrafts, setError), [connection]);
  useEffect(() => watchPublishes(connection, setRecords), [connection]);

  async function run(action: PublishAction, publishUnconfirmed = false) {
    if (status.phase === 'running') return;
    setStatus({ phase: 'running', action });
    try {
      const result = await requestPublish(connection, { action, publishUnconfirmed });
      setStatus({ phase: 'result', result, action });
    } catch (thrown) {
      setStatus({
        phase: 'failed',
        message:
          thrown instanceof Error
            ? thrown.message
            : 'It did not finish. The live site is as it was; try again.',
      });
    }
  }

  const sections = drafts ? Object.fromEntries([...drafts].map(([id, draft]) => [id, draft])) : {};
  const running = records.find((record) => record.state === 'running');
  const draftOf = (id: SectionId) => drafts?.get(id);
  const openDraft = open ? draftOf(open) : undefined;

  return (
    <div className="site-part">
      <section className="site-publish" aria-labelledby="site-publish-title">
        <h2 id="site-publish-title" className="inbox-results__title">
          Your site
        </h2>
        <p className="inbox-hint">
          Save your changes, preview them on a private address, then publish. Undo brings the site back as it
          was.
        </p>
        <div className="inbox-buttons site-publish__buttons">
          <button
            type="button"
            className="button button--outline"
            onClick={() => void run('preview')}
            aria-disabled={status.phase === 'running' || undefined}
          >
            Preview
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void run('publish')}
            aria-disabled={status.phase === 'running' || undefined}
          >
            Publish
          </button>
          <button
            type="button"
            className="button button--outline"
            onClick={() => void run('undo')}
            aria-disabled={status.phase === 'running' || undefined}
          >
            Undo last publish
          </button>
        </div>
        <div className="site-status" role="status" aria-live="polite">
          {status.phase === 'running' && (
            <p>
              {ACTION_WORDS[status.action]}: {running?.step ?? 'starting'}…
            </p>
          )}
          {status.phase === 'failed' && <p className="inbox-error">{status.message}</p>}
          {status.phase === 'result' && (
            <PublishOutcome
              result={status.result}
              action={status.action}
              onPublishAnyway={() => void run('publish', true)}
            />
          )}
        </div>
        {records[0] && (
          <p className="inbox-hint site-last">
            Last: {records[0].action} by {records[0].byEmail},{' '}
            {records[0].startedAt ? formatFullDate(records[0].startedAt) : ''} ({records[0].state})
            {records[0].changes.length > 0 &&
              `: ${records[0].changes.slice(0, 3).join('; ')}${records[0].changes.length > 3 ? '…' : ''}`}
          </p>
        )}
      </section>
      {error && (
        <p className="inbox-error" role="alert">
          {error}
        </p>
      )}
      {!drafts && !error && <p className="inbox-notice">Loading the site’s content…</p>}
      {drafts && open && openDraft && (
        <SectionForm
          key={open}
          connection={connection}
          user={user}
          draft={openDraft}
          onDone={() => setOpen(null)}
        />
      )}
      {drafts && !open && (
        <nav className="site-sections" aria-label="The site’s content">
          {GROUPS.map((group) => (
            <section key={group.title} className="site-sections__group" aria-label={group.title}>
              <h3 className="inbox-section__title">{group.title}</h3>
              <ul>
                {SECTION_IDS.filter((id) => group.kinds.includes(sectionKind(id))).map((id) => {
                  const draft = draftOf(id);
                  const samples = unconfirmedValues({ [id]: sections[id] }).length;
                  const problems = draft ? checkSection(id, draft.value).length : 0;
                  return (
                    <li key={id}>
                      <button
                        type="button"
                        className="site-sections__item"
                        onClick={() => setOpen(id)}
                        disabled={!draft}
                      >
                        <span className="site-sections__name">{sectionTitle(id, draft?.value)}</span>
                        {samples > 0 && (
                          <span className="site-badge site-badge--sample">
                            {samples} sample {samples === 1 ? 'value' : 'values'}
                          </span>
                        )}
                        {problems > 0 && (
                          <span className="site-badge site-badge--problem">{problems} to fix</span>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </nav>
      )}
    </div>
  );
}

function PublishOutcome({
  result,
  action,
  onPublishAnyway,
}: {
  result: SitePublishResult;
  action: PublishAction;
  onPublishAnyway: () => void;
}) {
  if (result.outcome === 'busy' || result.outcome === 'nothing-to-undo') return <p>{result.message}</p>;
  if (result.outcome === 'done')
    return (
      <div className="site-outcome">
        <p className="inbox-ok">
          {action === 'preview'
            ? 'The preview is ready'
            : action === 'publish'
              ? 'Published: the site is live'
              : 'Undone: the site is back as it was'}{' '}
          ({result.seconds} s).{' '}
          <a href={result.url} target="_blank" rel="noopener noreferrer">
            {action === 'preview' ? 'Open the preview' : 'Open the live site'}
          </a>
        </p>
        {action === 'preview' && (
          <p className="inbox-hint">
            Share this address to show someone; only people who have it can see the preview.
          </p>
        )}
        {result.changes.length > 0 && (
          <ul className="site-list">
            {result.changes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {result.warnings.length > 0 && (
          <ul className="site-list inbox-error">
            {result.warnings.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
    );
  const onlySamples =
    result.problems.length === 0 && result.budget.length === 0 && result.unconfirmed.length > 0;
  return (
    <div className="site-outcome">
      <p className="inbox-error">Not published: the live site is as it was.</p>
      {[...result.problems, ...result.budget].length > 0 && (
        <ul className="site-list">
          {[...result.problems, ...result.budget].map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {result.unconfirmed.length > 0 && (
        <>
          <p>
            {result.unconfirmed.length}{' '}
            {result.unconfirmed.length === 1 ? 'value still shows' : 'values still show'} the sample text the
            site started with. Change or confirm each one, or publish them as they are:
          </p>
          <ul className="site-list">
            {result.unconfirmed.slice(0, 8).map((value) => (
              <li key={`${value.section}-${value.field}`}>{value.message}</li>
            ))}
            {result.unconfirmed.length > 8 && <li>and {result.unconfirmed.length - 8} more</li>}
          </ul>
          {onlySamples && (
            <button type="button" className="button button--outline" onClick={onPublishAnyway}>
              Publish with these sample values
            </button>
          )}
        </>
      )}
    </div>
  );
}
