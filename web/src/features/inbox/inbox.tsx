/**
 * The sales inbox: its own small header (the product, the account, sign-out), sign-in, then both
 * enquiry collections live, newest first: one line of filters, the list, each enquiry's detail (its
 * own view on a phone, a panel beside the list on a laptop), and the response-time figures and
 * weekly chart folded into a summary. `/inbox/<collection>/<id>` opens one enquiry, after sign-in
 * if needed. Firebase is loaded in the first effect, so the prerendered page (and every public
 * page) carries none of it.
 */
import { ENQUIRY_COLLECTIONS, type EnquiryCollection } from '@contract/collections';
import { enquiriesToCsv } from '@contract/enquiry-columns';
import { contactKeysOf } from '@contract/contact-keys';
import type { PrivacyCallResult } from '@contract/privacy';
import { enquiryKey, enquiryText, type StoredEnquiry } from '@contract/stored-enquiry';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { site } from '../../content/site';
import { askPrivacy, resendEmail } from './api/callables';
import { connectInbox, type InboxConnection } from './api/connection';
import {
  countEnquiries,
  fetchBuyerEnquiries,
  fetchEnquiries,
  watchEnquiries,
  watchEnquiry,
  watchWaiting,
} from './api/enquiries';
import { recordFirstContact, saveCorrection, saveFollowUp } from './api/follow-up';
import { firebaseErrorCode, refreshSession, signIn, signOut, watchUser, type InboxUser } from './api/session';
import { AddressNotice } from './address-notice';
import { groupByBuyer } from './buyers';
import { EnquiryDetail, type DetailActions } from './enquiry-detail';
import { EnquiryList } from './enquiry-list';
import { FilterBar } from './filter-bar';
import { InboxSummary } from './inbox-summary';
import {
  chartWeeks,
  collectionsFor,
  dateRange,
  FORM_LABELS,
  matchesFilter,
  mergeNewest,
  PAGE_SIZE,
  resendFailure,
  type InboxFilter,
} from './inbox-model';
import { responseWeeks, waitedTooLongBefore } from './response-view';
import { useResponseFigures } from './use-response-figures';
import { useInboxAddress } from './use-inbox-address';
import { saveFile } from './save-file';
import { signInMessage, SignInForm } from './sign-in-form';
import { useNow } from './when';
import type { WeeklyCounts } from './weekly-chart';

type Session =
  | { phase: 'connecting' }
  | { phase: 'unavailable'; message: string }
  | { phase: 'signed-out'; notice: string | null }
  | { phase: 'no-access'; user: InboxUser }
  | { phase: 'ready'; user: InboxUser };

const SESSION_ENDED = 'Your session has ended. Sign in again; your filter is kept.';
/** How many of the longest-waiting enquiries the "waiting" list shows. */
const WAITING_LIST_SIZE = 50;
/** How often the response figures are read again while the inbox stays open. */
const FIGURES_REFRESH_MS = 5 * 60_000;
/** Below this width the detail is a view of its own (inbox.css says the same). */
const SIDE_PANEL_QUERY = '(min-width: 960px)';

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
  return (
    <div className="inbox-shell">
      <header className="inbox-header">
        <h1 className="inbox-header__title">
          <span className="inbox-header__company">{site.companyName}</span> Sales inbox
        </h1>
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
        {session.phase === 'ready' && connection && (
          <SalesInbox connection={connection} user={session.user} />
        )}
      </main>
    </div>
  );
}

type Lists = Partial<Record<EnquiryCollection, { enquiries: StoredEnquiry[]; hasMore: boolean }>>;

type Opened =
  | { key: string; phase: 'loading' }
  | { key: string; phase: 'found'; enquiry: StoredEnquiry }
  | { key: string; phase: 'missing' }
  | { key: string; phase: 'failed'; message: string };

function SalesInbox({ connection, user }: { connection: InboxConnection; user: InboxUser }) {
  const { filter, address, openKey, setFilter, open, close } = useInboxAddress();
  const now = useNow();
  const [pages, setPages] = useState(1);
  const [lists, setLists] = useState<Lists>({});
  const [waitingLists, setWaitingLists] = useState<Lists>({});
  const [listError, setListError] = useState<string | null>(null);
  const [chartWanted, setChartWanted] = useState(false);
  const [chart, setChart] = useState<WeeklyCounts | null>(null);
  const [csvMessage, setCsvMessage] = useState<string | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [erasure, setErasure] = useState<PrivacyCallResult | null>(null);
  const resendRequests = useRef(new Map<string, string>());
  const collections = collectionsFor(filter);
  const { since, until } = dateRange(filter);
  const count = pages * PAGE_SIZE;
  const queryKey = `${collections.join(',')}|${since?.getTime() ?? ''}|${until?.getTime() ?? ''}|${count}`;
  const waitingView = filter.view === 'waiting';

  const readFailed = useCallback(
    (error: unknown) => {
      if (firebaseErrorCode(error) === 'permission-denied') {
        // The claim was taken away or the session died: a fresh token tells which.
        void refreshSession(connection);
        setListError('The enquiries cannot be read with this sign-in.');
      } else {
        setListError('The enquiries could not be loaded. Check the connection; the list retries on its own.');
      }
    },
    [connection],
  );

  // Live listeners on the newest `count` of each collection in the date range.
  useEffect(() => {
    const [names, sinceMs, untilMs, size] = queryKey.split('|');
    const stops = (names ?? '').split(',').map((name) =>
      watchEnquiries(
        connection,
        {
          collection: name as EnquiryCollection,
          count: Number(size),
          since: sinceMs ? new Date(Number(sinceMs)) : null,
          until: untilMs ? new Date(Number(untilMs)) : null,
        },
        (enquiries, hasMore) => {
          setListError(null);
          setLists((current) => ({ ...current, [name]: { enquiries, hasMore } }));
        },
        readFailed,
      ),
    );
    return () => {
      stops.forEach((stop) => stop());
      setLists({});
    };
  }, [connection, queryKey, readFailed]);

  // The waiting list: since last week's Monday, still without a first contact after an hour.
  useEffect(() => {
    if (!waitingView) return;
    const [lastWeek] = responseWeeks(new Date()).slice(-1);
    if (!lastWeek) return;
    const stops = ENQUIRY_COLLECTIONS.map((name) =>
      watchWaiting(
        connection,
        {
          collection: name,
          since: lastWeek.start,
          before: waitedTooLongBefore(new Date()),
          count: WAITING_LIST_SIZE,
        },
        (enquiries) => setWaitingLists((current) => ({ ...current, [name]: { enquiries, hasMore: false } })),
        readFailed,
      ),
    );
    return () => {
      stops.forEach((stop) => stop());
      setWaitingLists({});
    };
  }, [connection, waitingView, readFailed]);

  const loadedLists = collections.map((name) => lists[name]);
  const loaded = loadedLists.every(Boolean);
  const merged = useMemo(
    () =>
      mergeNewest(
        loadedLists.map((list) => list?.enquiries ?? []),
        count,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lists object identifies the data
    [lists, queryKey],
  );
  const hasMore =
    loadedLists.some((list) => list?.hasMore) ||
    loadedLists.reduce((sum, list) => sum + (list?.enquiries.length ?? 0), 0) > merged.length;
  const waiting = useMemo(
    () =>
      collections
        .flatMap((name) => waitingLists[name]?.enquiries ?? [])
        .sort((a, b) => (a.receivedAt?.getTime() ?? 0) - (b.receivedAt?.getTime() ?? 0))
        .slice(0, WAITING_LIST_SIZE),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lists object identifies the data
    [waitingLists, queryKey],
  );
  const waitingLoaded = collections.every((name) => waitingLists[name]);
  const listed = waitingView ? waiting : merged;
  const shown = listed.filter((enquiry) => matchesFilter(enquiry, filter));
  const buyerGroups = useMemo(() => groupByBuyer(merged), [merged]);
  // Changes when a new enquiry arrives; null until the list has loaded (the figures wait for it).
  const newestKey = loaded ? (merged[0] ? enquiryKey(merged[0]) : '') : null;
  const figuresRound = Math.floor(now.getTime() / FIGURES_REFRESH_MS);

  // The open enquiry, live, whether or not the list has it (a link from an alert may be old).
  useEffect(() => {
    if (address.kind !== 'enquiry' || !openKey) return;
    return watchEnquiry(
      connection,
      address,
      (enquiry) =>
        setOpened(enquiry ? { key: openKey, phase: 'found', enquiry } : { key: openKey, phase: 'missing' }),
      (error) =>
        setOpened({
          key: openKey,
          phase: 'failed',
          message:
            firebaseErrorCode(error) === 'permission-denied'
              ? 'This enquiry cannot be read with this sign-in.'
              : 'This enquiry could not be loaded. Check the connection, then reload the page.',
        }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- openKey names the address's enquiry
  }, [connection, openKey]);

  const figures = useResponseFigures(connection, newestKey, figuresRound, waiting.length);

  // The chart, once the summary is opened: counts per week and form, again when a new enquiry arrives.
  useEffect(() => {
    if (!chartWanted || newestKey === null) return;
    let cancelled = false;
    const weeks = chartWeeks(new Date());
    Promise.all(ENQUIRY_COLLECTIONS.map((name) => countEnquiries(connection, name, weeks))).then(
      (perCollection) => {
        if (cancelled) return;
        const counts = Object.fromEntries(
          ENQUIRY_COLLECTIONS.map((name, index) => [name, perCollection[index] ?? []]),
        ) as Record<EnquiryCollection, number[]>;
        setChart({ weeks, counts });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [connection, newestKey, chartWanted]);

  // On a phone the detail replaces the list: it starts at the top, and closing it returns to the
  // card it was opened from, where the list was.
  const listScroll = useRef(0);
  const lastOpenKey = useRef<string | null>(null);
  useEffect(() => {
    const sidePanel = window.matchMedia(SIDE_PANEL_QUERY).matches;
    if (openKey) {
      if (!lastOpenKey.current) listScroll.current = window.scrollY;
      if (!sidePanel) window.scrollTo({ top: 0 });
    } else if (lastOpenKey.current) {
      const key = lastOpenKey.current;
      if (!sidePanel) window.scrollTo({ top: listScroll.current });
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLButtonElement>(`[data-enquiry="${CSS.escape(key)}"] button`)
          ?.focus({ preventScroll: !sidePanel }),
      );
    }
    lastOpenKey.current = openKey;
  }, [openKey]);

  const changeFilter = (next: InboxFilter) => {
    setPages(1);
    setFilter(next);
  };

  async function downloadCsv(collection: EnquiryCollection) {
    setCsvMessage(`Preparing the ${FORM_LABELS[collection]} CSV…`);
    try {
      const all = await fetchEnquiries(connection, { collection, since, until });
      const matching = all.filter((enquiry) => matchesFilter(enquiry, filter));
      saveFile(
        `${collection}-${new Date().toISOString().slice(0, 10)}.csv`,
        enquiriesToCsv(collection, matching),
        'text/csv',
      );
      setCsvMessage(`${matching.length} ${FORM_LABELS[collection]} enquiries downloaded.`);
    } catch (error) {
      setCsvMessage(`The CSV could not be made: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const openPath = (path: string) => {
    const [collection = '', id = ''] = path.split('/');
    open({ collection, id });
  };

  // What the open enquiry's listener has said so far (nothing yet: it is loading).
  const openState: Opened | null = openKey
    ? opened?.key === openKey
      ? opened
      : { key: openKey, phase: 'loading' }
    : null;
  const openEnquiry =
    openState?.phase === 'found'
      ? openState.enquiry
      : (merged.find((enquiry) => enquiryKey(enquiry) === openKey) ?? null);

  const resend = useCallback(
    async (enquiry: StoredEnquiry) => {
      // One request id per click until its answer arrives: a click repeated after a lost
      // answer asks again for the same email, which the function never sends twice.
      const key = enquiryKey(enquiry);
      const requestId = resendRequests.current.get(key) ?? crypto.randomUUID();
      resendRequests.current.set(key, requestId);
      try {
        const result = await resendEmail(connection, {
          collection: enquiry.collection,
          enquiryId: enquiry.id,
          requestId,
        });
        resendRequests.current.delete(key);
        return new Date(result.sentAt);
      } catch (error) {
        const failure = resendFailure(
          firebaseErrorCode(error),
          error instanceof Error ? error.message : String(error),
        );
        if (failure.definite) resendRequests.current.delete(key);
        throw new Error(failure.message);
      }
    },
    [connection],
  );

  function actionsFor(enquiry: StoredEnquiry): DetailActions {
    const ref = { collection: enquiry.collection, id: enquiry.id };
    return {
      saveFollowUp: (followUp, basedOnVersion) =>
        saveFollowUp(connection, user, ref, followUp, basedOnVersion),
      recordFirstContact: () => recordFirstContact(connection, user, ref),
      saveCorrection: (changes, basedOnVersion) =>
        saveCorrection(connection, user, ref, changes, basedOnVersion),
      findBuyerEnquiries: () =>
        fetchBuyerEnquiries(connection, contactKeysOf(enquiry.data), enquiryText(enquiry, 'email')),
      resend: () => resend(enquiry),
      askPrivacy: user.isOwner
        ? async (request) => {
            const result = await askPrivacy(connection, request);
            if (request.action === 'erase') setErasure(result);
            return result;
          }
        : null,
    };
  }

  const stillWaiting = figures?.reduce((sum, week) => sum + week.stillWaiting, 0) ?? 0;
  const detailShown = address.kind !== 'list';

  return (
    <div className={`inbox-app${detailShown ? ' inbox-app--detail' : ''}`}>
      <div className="inbox-column">
        <InboxSummary figures={figures} chart={chart} onOpen={() => setChartWanted(true)} />
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
            <button type="button" className="button button--outline" onClick={() => setPages(pages + 1)}>
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
