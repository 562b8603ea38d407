/**
 * The sales inbox: its own small header (the product, the account, sign-out), sign-in, then both
 * enquiry collections live, newest first: one line of filters, the list, each enquiry's detail (its
 * own view on a phone, a panel beside the list on a laptop), and the response-time figures and
 * weekly chart folded into a summary. `/inbox/<collection>/<id>` opens one enquiry, after sign-in
 * if needed. Firebase is loaded in the first effect, so the prerendered page (and every public
 * page) carries none of it.
 */
import { enquiryKey } from '@contract/enquiry/stored-enquiry';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { INBOX_PATH } from '@contract/inbox/inbox-address';
import { loadCode } from '../../lib/code-loading';
import { site } from '../../content/site';
import { connectInbox, type InboxConnection } from './api/connection';
import { firebaseErrorCode, signIn, signOut, watchUser, type InboxUser } from './api/session';
import { AddressNotice } from './detail/address-notice';
import { groupByBuyer } from './buyers';
import { EnquiryDetail } from './detail/enquiry-detail';
import { EnquiryList } from './list/enquiry-list';
import { FilterBar } from './list/filter-bar';
import { InboxSummary } from './summary/inbox-summary';
import { useLeadSources } from './summary/use-lead-sources';
import { FORM_LABELS, matchesFilter, PAGE_SIZE, type InboxFilter } from './inbox-model';
import { signInMessage, SignInForm } from './sign-in-form';
import { useCsvDownload } from './list/use-csv-download';
import { useDetailActions } from './detail/use-detail-actions';
import { useEnquiryLists } from './list/use-enquiry-lists';
import { useInboxAddress } from './use-inbox-address';
import { useListScroll } from './list/use-list-scroll';
import { useOpenEnquiry } from './detail/use-open-enquiry';
import { useResponseFigures } from './summary/use-response-figures';
import { useWaitingList, WAITING_LIST_SIZE } from './list/use-waiting-list';
import { useWeeklyChart } from './summary/use-weekly-chart';
import { useNow } from './when';

type Session =
  | { phase: 'connecting' }
  | { phase: 'unavailable'; message: string }
  | { phase: 'signed-out'; notice: string | null }
  | { phase: 'no-access'; user: InboxUser }
  | { phase: 'ready'; user: InboxUser };

const SESSION_ENDED = 'Your session has ended. Sign in again; your filter is kept.';
/** The owner's Site part: its own address, and its own code, loaded when opened. */
export const SITE_PART_PATH = `${INBOX_PATH}/site`;
const SitePart = lazy(() => loadCode(() => import('./site/site-part')));
/** How often the response figures are read again while the inbox stays open. */
const FIGURES_REFRESH_MS = 5 * 60_000;

export function Inbox() {
  const [connection, setConnection] = useState<InboxConnection | null>(null);
  const [session, setSession] = useState<Session>({ phase: 'connecting' });
  const signedInOnce = useRef(false);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    connectInbox().then(
      (connected) => {
        if (cancelled) return;
        setConnection(connected);
        stop = watchUser(connected, (user) => {
          if (!user) {
            setSession({ phase: 'signed-out', notice: signedInOnce.current ? SESSION_ENDED : null });
            return;
          }
          signedInOnce.current = true;
          setSession(user.isSales ? { phase: 'ready', user } : { phase: 'no-access', user });
        });
      },
      () => {
        if (!cancelled)
          setSession({
            phase: 'unavailable',
            message: 'The inbox could not load. Check the connection, then reload the page.',
          });
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  const onSignIn = useCallback(
    async (email: string, password: string) => {
      if (!connection) throw new Error('The inbox is still loading. Try again in a moment.');
      try {
        await signIn(connection, email, password);
      } catch (error) {
        throw new Error(signInMessage(firebaseErrorCode(error)));
      }
    },
    [connection],
  );

  const onSignOut = useCallback(() => {
    if (!connection) return;
    signedInOnce.current = false;
    void signOut(connection);
  }, [connection]);

  const user = session.phase === 'ready' || session.phase === 'no-access' ? session.user : null;
  const [location] = useLocation();
  const onSitePart = location === SITE_PART_PATH || location.startsWith(`${SITE_PART_PATH}/`);
  return (
    <div className="inbox-shell">
      <header className="inbox-header">
        <h1 className="inbox-header__title">
          <span className="inbox-header__company">{site.companyName}</span> Sales inbox
        </h1>
        {user?.isOwner && session.phase === 'ready' && (
          <nav className="inbox-header__parts" aria-label="Parts of the inbox">
            <Link href={INBOX_PATH} aria-current={onSitePart ? undefined : 'page'}>
              Enquiries
            </Link>
            <Link href={SITE_PART_PATH} aria-current={onSitePart ? 'page' : undefined}>
              Site
            </Link>
          </nav>
        )}
        {user && (
          <div className="inbox-header__account">
            <span className="inbox-header__email" title={user.email}>
              <span className="visually-hidden">Signed in as </span>
              {user.email}
            </span>
            <button type="button" className="inbox-header__signout" onClick={onSignOut}>
              Sign out
            </button>
          </div>
        )}
      </header>
      <main id="main" className="inbox-main" tabIndex={-1}>
        {session.phase === 'connecting' && (
          <p className="inbox-notice" role="status">
            Checking your sign-in…
          </p>
        )}
        {session.phase === 'unavailable' && (
          <p className="inbox-error" role="alert">
            {session.message}
          </p>
        )}
        {session.phase === 'signed-out' && <SignInForm notice={session.notice} onSignIn={onSignIn} />}
        {session.phase === 'no-access' && (
          <div className="inbox-noaccess">
            <p role="alert">This account has no access to the sales inbox.</p>
            <p className="inbox-hint">
              Ask the site’s owner to give it access, or sign out and use a sales account.
            </p>
          </div>
        )}
        {session.phase === 'ready' && connection && onSitePart && session.user.isOwner ? (
          <Suspense fallback={<p className="inbox-notice">Opening the Site part…</p>}>
            <SitePart connection={connection} user={session.user} />
          </Suspense>
        ) : (
          session.phase === 'ready' &&
          connection && <SalesInbox connection={connection} user={session.user} />
        )}
      </main>
    </div>
  );
}

function SalesInbox({ connection, user }: { connection: InboxConnection; user: InboxUser }) {
  const { filter, address, openKey, setFilter, open, close } = useInboxAddress();
  const now = useNow();
  const lists = useEnquiryLists(connection, filter);
  const { collections, merged, loaded, hasMore, newestKey, listError } = lists;
  const waitingView = filter.view === 'waiting';
  const { waiting, waitingLoaded } = useWaitingList(connection, waitingView, collections, lists.readFailed);
  const listed = waitingView ? waiting : merged;
  const shown = listed.filter((enquiry) => matchesFilter(enquiry, filter));
  const buyerGroups = useMemo(() => groupByBuyer(merged), [merged]);
  const { openState, openEnquiry } = useOpenEnquiry(connection, address, openKey, merged);
  const figuresRound = Math.floor(now.getTime() / FIGURES_REFRESH_MS);
  const figures = useResponseFigures(connection, newestKey, figuresRound, waiting.length);
  const { chart, chartWanted, showChart } = useWeeklyChart(connection, newestKey);
  const leadSources = useLeadSources(connection, newestKey, chartWanted);
  useListScroll(openKey);
  const { csvMessage, downloadCsv } = useCsvDownload(connection, filter);
  const { actionsFor, erasure } = useDetailActions(connection, user);

  const changeFilter = (next: InboxFilter) => {
    lists.firstPageOnly();
    setFilter(next);
  };

  const openPath = (path: string) => {
    const [collection = '', id = ''] = path.split('/');
    open({ collection, id });
  };

  const stillWaiting = figures?.weeks.reduce((sum, week) => sum + week.stillWaiting, 0) ?? 0;
  const detailShown = address.kind !== 'list';

  return (
    <div className={`inbox-app${detailShown ? ' inbox-app--detail' : ''}`}>
      <div className="inbox-column">
        <InboxSummary figures={figures} chart={chart} leadSources={leadSources} onOpen={showChart} />
        <FilterBar
          filter={filter}
          onChange={changeFilter}
          downloads={
            <>
              <p className="inbox-hint">Download what the filters select, as the export’s CSV:</p>
              <div className="inbox-buttons">
                {collections.map((collection) => (
                  <button
                    key={collection}
                    type="button"
                    className="button button--outline"
                    onClick={() => void downloadCsv(collection)}
                  >
                    Download {FORM_LABELS[collection]} CSV
                  </button>
                ))}
              </div>
              <p className="inbox-hint" role="status">
                {csvMessage}
              </p>
            </>
          }
        />
        {!waitingView && stillWaiting > 0 && (
          <p className="inbox-late">
            <span>
              {stillWaiting} {stillWaiting === 1 ? 'enquiry has' : 'enquiries have'} waited more than 1 h for
              a first contact.
            </span>{' '}
            <button
              type="button"
              className="inbox-link"
              onClick={() => changeFilter({ ...filter, view: 'waiting' })}
            >
              List them, oldest first
            </button>
          </p>
        )}
        <section className="inbox-results" aria-labelledby="inbox-results-heading">
          <div className="inbox-results__head">
            <h2 id="inbox-results-heading" className="inbox-results__title">
              {waitingView ? 'Waiting over 1 h, oldest first' : 'Enquiries'}
            </h2>
            {waitingView && (
              <button
                type="button"
                className="inbox-link"
                onClick={() => changeFilter({ ...filter, view: '' })}
              >
                Show all enquiries
              </button>
            )}
          </div>
          <p className="inbox-hint inbox-results__status" role="status">
            {waitingView
              ? waitingLoaded
                ? `${shown.length} waiting more than 1 h since last Monday${shown.length === WAITING_LIST_SIZE ? ' (the oldest 50)' : ''}.`
                : 'Loading the enquiries still waiting…'
              : !loaded
                ? 'Loading enquiries…'
                : shown.length === merged.length
                  ? `${merged.length} newest enquiries${hasMore ? '; load more for older ones' : ''}.`
                  : `${shown.length} matching among the ${merged.length} newest${hasMore ? '; load more to look further back' : ''}.`}
          </p>
          {listError && (
            <p className="inbox-error" role="alert">
              {listError}
            </p>
          )}
          <EnquiryList
            enquiries={shown}
            openKey={openKey}
            now={now}
            buyerGroups={buyerGroups}
            onOpen={open}
          />
          {hasMore && !waitingView && (
            <button type="button" className="button button--outline" onClick={lists.loadMore}>
              Load {PAGE_SIZE} more
            </button>
          )}
        </section>
      </div>
      <div className="inbox-panel">
        {openEnquiry && openState?.phase !== 'missing' ? (
          <EnquiryDetail
            key={enquiryKey(openEnquiry)}
            enquiry={openEnquiry}
            now={now}
            actions={actionsFor(openEnquiry)}
            onClose={close}
            onOpen={openPath}
          />
        ) : detailShown ? (
          <AddressNotice
            kind={address.kind === 'malformed' ? 'malformed' : (openState?.phase ?? 'loading')}
            failure={openState?.phase === 'failed' ? openState.message : null}
            erasure={erasure}
            onClose={close}
          />
        ) : (
          <p className="inbox-panel__empty">Choose an enquiry to see it here.</p>
        )}
      </div>
    </div>
  );
}
