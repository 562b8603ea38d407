/**
 * The sales inbox: sign-in, then both enquiry collections live, newest first, with filters, the
 * weekly chart, each enquiry's detail, follow-up, resend and CSV download. Firebase is loaded in
 * the first effect, so the prerendered page (and every public page) carries none of it.
 */
import { ENQUIRY_COLLECTIONS, type EnquiryCollection } from '@contract/enquiry';
import { enquiriesToCsv } from '@contract/enquiry-columns';
import type { FollowUpStatus } from '@contract/follow-up';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  connectInbox,
  countEnquiries,
  fetchEnquiries,
  firebaseErrorCode,
  refreshSession,
  resendEmail,
  saveFollowUp,
  signIn,
  signOut,
  watchEnquiries,
  watchUser,
  type InboxConnection,
  type InboxUser,
} from '../../lib/firebase-inbox';
import { EnquiryDetail } from './enquiry-detail';
import { EnquiryList, InboxFilters } from './enquiry-list';
import {
  chartWeeks,
  collectionsFor,
  dateRange,
  enquiryKey,
  FORM_LABELS,
  matchesFilter,
  mergeNewest,
  PAGE_SIZE,
  readFilter,
  resendFailure,
  writeFilter,
  type InboxEnquiry,
  type InboxFilter,
} from './inbox-model';
import { signInMessage } from './sign-in-form';
import { SignInForm } from './sign-in-form';
import { WeeklyChart, type WeeklyCounts } from './weekly-chart';

type Session =
  | { phase: 'connecting' }
  | { phase: 'unavailable'; message: string }
  | { phase: 'signed-out'; notice: string | null }
  | { phase: 'no-access'; user: InboxUser }
  | { phase: 'ready'; user: InboxUser };

const SESSION_ENDED = 'Your session has ended. Sign in again; your filter is kept.';

function useAddressState() {
  const [filter, setFilterState] = useState<InboxFilter>(() => readFilter(window.location.search));
  const [openKey, setOpenKeyState] = useState<string | null>(
    () => new URLSearchParams(window.location.search).get('open') || null,
  );
  const write = useCallback((nextFilter: InboxFilter, nextOpen: string | null) => {
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${writeFilter(nextFilter, nextOpen)}`,
    );
  }, []);
  const setFilter = (next: InboxFilter) => {
    setFilterState(next);
    write(next, openKey);
  };
  const setOpenKey = (next: string | null) => {
    setOpenKeyState(next);
    write(filter, next);
  };
  return { filter, setFilter, openKey, setOpenKey };
}

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

  if (session.phase === 'connecting')
    return (
      <p className="inbox-notice" role="status">
        Checking your sign-in…
      </p>
    );
  if (session.phase === 'unavailable')
    return (
      <p className="inbox-error" role="alert">
        {session.message}
      </p>
    );
  if (session.phase === 'signed-out') return <SignInForm notice={session.notice} onSignIn={onSignIn} />;
  if (session.phase === 'no-access')
    return (
      <div className="inbox-noaccess">
        <p role="alert">This account has no access to the sales inbox.</p>
        <p className="inbox-hint">Signed in as {session.user.email}.</p>
        <button type="button" className="button button--outline" onClick={onSignOut}>
          Sign out
        </button>
      </div>
    );
  return connection ? <SalesInbox connection={connection} user={session.user} onSignOut={onSignOut} /> : null;
}

type Lists = Partial<Record<EnquiryCollection, { enquiries: InboxEnquiry[]; hasMore: boolean }>>;

function SalesInbox({
  connection,
  user,
  onSignOut,
}: {
  connection: InboxConnection;
  user: InboxUser;
  onSignOut: () => void;
}) {
  const { filter, setFilter, openKey, setOpenKey } = useAddressState();
  const [pages, setPages] = useState(1);
  const [lists, setLists] = useState<Lists>({});
  const [listError, setListError] = useState<string | null>(null);
  const [chart, setChart] = useState<WeeklyCounts | null>(null);
  const [csvMessage, setCsvMessage] = useState<string | null>(null);
  const resendRequests = useRef(new Map<string, string>());
  const collections = collectionsFor(filter);
  const { since, until } = dateRange(filter);
  const count = pages * PAGE_SIZE;
  const queryKey = `${collections.join(',')}|${since?.getTime() ?? ''}|${until?.getTime() ?? ''}|${count}`;

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
        (error) => {
          if (firebaseErrorCode(error) === 'permission-denied') {
            // The claim was taken away or the session died: a fresh token tells which.
            void refreshSession(connection);
            setListError('The enquiries cannot be read with this sign-in.');
          } else {
            setListError(
              'The enquiries could not be loaded. Check the connection; the list retries on its own.',
            );
          }
        },
      ),
    );
    return () => {
      stops.forEach((stop) => stop());
      setLists({});
    };
  }, [connection, queryKey]);

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
  const shown = merged.filter((enquiry) => matchesFilter(enquiry, filter));
  const open = merged.find((enquiry) => enquiryKey(enquiry) === openKey) ?? null;
  const newestKey = merged[0] ? enquiryKey(merged[0]) : '';

  // The chart: counts per week and form, again whenever a new enquiry arrives.
  useEffect(() => {
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
  }, [connection, newestKey]);

  const changeFilter = (next: InboxFilter) => {
    setPages(1);
    setFilter(next);
  };

  async function downloadCsv(collection: EnquiryCollection) {
    setCsvMessage(`Preparing the ${FORM_LABELS[collection]} CSV…`);
    try {
      const all = await fetchEnquiries(connection, { collection, since, until });
      const matching = all.filter((enquiry) => matchesFilter(enquiry, filter));
      const csv = enquiriesToCsv(collection, matching);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const day = new Date().toISOString().slice(0, 10);
      link.download = `${collection}-${day}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
      setCsvMessage(`${matching.length} ${FORM_LABELS[collection]} enquiries downloaded.`);
    } catch (error) {
      setCsvMessage(`The CSV could not be made: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const closeDetail = () => {
    const key = openKey;
    setOpenKey(null);
    // Back where the reader was: the enquiry's own button in the list.
    requestAnimationFrame(() =>
      document.querySelector<HTMLButtonElement>(`[data-enquiry="${key}"] button`)?.focus(),
    );
  };

  return (
    <div className="inbox-app">
      <div className="inbox-bar">
        <p className="inbox-hint">Signed in as {user.email}</p>
        <button type="button" className="button button--outline" onClick={onSignOut}>
          Sign out
        </button>
      </div>
      {chart && <WeeklyChart data={chart} />}
      <InboxFilters filter={filter} onChange={changeFilter} />
      <div className="inbox-downloads">
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
        <p className="inbox-hint" role="status">
          {csvMessage}
        </p>
      </div>
      <div className={`inbox-body${open ? ' inbox-body--open' : ''}`}>
        <section className="inbox-results" aria-labelledby="inbox-results-heading">
          <h2 id="inbox-results-heading" className="inbox-results__title">
            Enquiries
          </h2>
          <p className="inbox-hint" role="status">
            {!loaded
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
            onOpen={(enquiry) => setOpenKey(enquiryKey(enquiry))}
          />
          {hasMore && (
            <button type="button" className="button button--outline" onClick={() => setPages(pages + 1)}>
              Load {PAGE_SIZE} more
            </button>
          )}
        </section>
        {open && (
          <EnquiryDetail
            key={enquiryKey(open)}
            enquiry={open}
            onClose={closeDetail}
            onSaveFollowUp={(followUp: { status: FollowUpStatus; note: string }, basedOnVersion: number) =>
              saveFollowUp(connection, user, open, followUp, basedOnVersion)
            }
            onResend={async () => {
              // One request id per click until its answer arrives: a click repeated after a lost
              // answer asks again for the same email, which the function never sends twice.
              const key = enquiryKey(open);
              const requestId = resendRequests.current.get(key) ?? crypto.randomUUID();
              resendRequests.current.set(key, requestId);
              try {
                const result = await resendEmail(connection, {
                  collection: open.collection,
                  enquiryId: open.id,
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
            }}
          />
        )}
      </div>
    </div>
  );
}
