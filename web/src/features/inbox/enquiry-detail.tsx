import { FIELDS_BY_COLLECTION } from '@contract/enquiry';
import { HELD_REASON_TEXT } from '@contract/delivery';
import { asDate } from '@contract/india-time';
import {
  FOLLOW_UP_NOTE_MAX_LENGTH,
  FOLLOW_UP_STATUSES,
  isFollowUpStatus,
  type FollowUpStatus,
} from '@contract/follow-up';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FollowUpConflict } from '../../lib/firebase-inbox';
import { site } from '../../content/site';
import {
  contactLinks,
  deliveryRecord,
  deliveryState,
  followUpFromRecord,
  followUpOf,
  FORM_LABELS,
  formatReceived,
  type FollowUpView,
  type InboxEnquiry,
} from './inbox-model';
import { StateBadge } from './state-badge';

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

type Props = {
  enquiry: InboxEnquiry;
  onClose: () => void;
  /** Saves over `basedOnVersion`; rejects with FollowUpConflict when a colleague saved first. */
  onSaveFollowUp: (
    followUp: { status: FollowUpStatus; note: string },
    basedOnVersion: number,
  ) => Promise<void>;
  /** Resolves with when it was sent; rejects with the reason it was not. */
  onResend: () => Promise<Date>;
};

export function EnquiryDetail({ enquiry, onClose, onSaveFollowUp, onResend }: Props) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const followUp = followUpOf(enquiry);
  const [status, setStatus] = useState<FollowUpStatus>(followUp.status);
  const [note, setNote] = useState(followUp.note);
  // The stored version this form's values start from; a save names it (see saveFollowUp).
  const [basedOn, setBasedOn] = useState(followUp.version);
  const [edited, setEdited] = useState(false);
  const [conflict, setConflict] = useState<FollowUpView | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveMessage, setSaveMessage] = useState<{ ok: boolean; text: string } | null>(null);

  // A colleague's save arrives live: an untouched form follows it; an edited one keeps the
  // salesperson's words, and saving then shows both versions.
  const storedVersion = followUp.version;
  const [seenVersion, setSeenVersion] = useState(storedVersion);
  if (storedVersion !== seenVersion) {
    setSeenVersion(storedVersion);
    if (!edited && storedVersion !== basedOn) {
      setStatus(followUp.status);
      setNote(followUp.note);
      setBasedOn(storedVersion);
    }
  }
  const [resending, setResending] = useState(false);
  const [resendMessage, setResendMessage] = useState<{ ok: boolean; text: string } | null>(null);

  // Opened (the list keys this component by enquiry): the reader's focus goes to its heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const record = deliveryRecord(enquiry);
  const state = deliveryState(enquiry);
  const links = contactLinks(enquiry, site.companyName);
  const name = text(enquiry.data.name) || 'Enquiry';
  const noteTooLong = note.length > FOLLOW_UP_NOTE_MAX_LENGTH;

  async function save(version = basedOn) {
    if (saving || noteTooLong) return;
    setSaving(true);
    setSaveMessage(null);
    try {
      await onSaveFollowUp({ status, note }, version);
      setBasedOn(version + 1);
      setEdited(false);
      setConflict(null);
      setSaveMessage({ ok: true, text: 'Follow-up saved.' });
    } catch (error) {
      if (error instanceof FollowUpConflict) {
        setConflict(followUpFromRecord(error.theirs));
        setSaveMessage({
          ok: false,
          text: 'Not saved: someone else saved this follow-up while you were editing it.',
        });
      } else {
        setSaveMessage({
          ok: false,
          text: `The follow-up was not saved: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    } finally {
      setSaving(false);
    }
  }

  function keepTheirs(theirs: FollowUpView) {
    setStatus(theirs.status);
    setNote(theirs.note);
    setBasedOn(theirs.version);
    setEdited(false);
    setConflict(null);
    setSaveMessage({ ok: true, text: 'Their version is kept; yours is discarded.' });
  }

  async function resend() {
    if (resending) return;
    setResending(true);
    setResendMessage(null);
    try {
      const sentAt = await onResend();
      setResendMessage({ ok: true, text: `The sales email was sent again (${formatReceived(sentAt)}).` });
    } catch (error) {
      setResendMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setResending(false);
    }
  }

  const deliveryRows: [string, string][] = [
    ['State', ''],
    ['Attempts', text(record.attempts) || '0'],
    ['Last error', text(record.lastError) || '—'],
  ];
  const sentAt = asDate(record.sentAt);
  if (sentAt) deliveryRows.push(['Sent at', formatReceived(sentAt)]);
  const heldReason = text(record.heldReason);
  if (heldReason)
    deliveryRows.push([
      'Held because',
      HELD_REASON_TEXT[heldReason as keyof typeof HELD_REASON_TEXT] ?? heldReason,
    ]);
  if (text(record.digest)) deliveryRows.push(['In digest of', text(record.digest)]);
  if (text(record.duplicateOf)) deliveryRows.push(['Duplicate of', text(record.duplicateOf)]);
  if (text(record.resentBy)) deliveryRows.push(['Last resent by', text(record.resentBy)]);

  return (
    <article className="inbox-detail" aria-labelledby={`${id}-heading`}>
      <div className="inbox-detail__top">
        <button type="button" className="button button--outline inbox-detail__back" onClick={onClose}>
          Back to the list
        </button>
      </div>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="inbox-detail__title">
        {name}
      </h2>
      <p className="inbox-detail__meta">
        {FORM_LABELS[enquiry.collection]} · received {formatReceived(enquiry.receivedAt)}
      </p>

      <ul className="inbox-actions" aria-label="Contact">
        {links.call && (
          <li>
            <a className="button button--primary" href={links.call}>
              Call {text(enquiry.data.phone)}
            </a>
          </li>
        )}
        {links.whatsApp && (
          <li>
            <a className="button button--outline" href={links.whatsApp} target="_blank" rel="noreferrer">
              WhatsApp
            </a>
          </li>
        )}
        {links.email && (
          <li>
            <a className="button button--outline" href={links.email}>
              Reply by email
            </a>
          </li>
        )}
      </ul>

      <h3 className="inbox-detail__section">What they sent</h3>
      <dl className="inbox-fields">
        {Object.entries(FIELDS_BY_COLLECTION[enquiry.collection]).map(([field, rule]) => (
          <div key={field} className="inbox-fields__row">
            <dt>{rule.label}</dt>
            <dd className={field === 'message' ? 'inbox-fields__message' : undefined}>
              {text(enquiry.data[field]) || '—'}
            </dd>
          </div>
        ))}
        <div className="inbox-fields__row">
          <dt>Enquiry ID</dt>
          <dd>{enquiry.id}</dd>
        </div>
      </dl>

      <h3 className="inbox-detail__section">Sales email</h3>
      <dl className="inbox-fields">
        {deliveryRows.map(([label, value]) => (
          <div key={label} className="inbox-fields__row">
            <dt>{label}</dt>
            <dd>{label === 'State' ? <StateBadge state={state} /> : value}</dd>
          </div>
        ))}
      </dl>
      <div className="inbox-resend">
        <button
          type="button"
          className="button button--outline"
          onClick={() => void resend()}
          aria-disabled={resending || undefined}
        >
          {resending ? 'Sending…' : 'Resend email'}
        </button>
        <p
          className={resendMessage && !resendMessage.ok ? 'inbox-error' : 'inbox-ok'}
          role={resendMessage && !resendMessage.ok ? 'alert' : 'status'}
        >
          {resendMessage?.text}
        </p>
      </div>

      <h3 className="inbox-detail__section">Follow-up</h3>
      <form
        className="inbox-followup"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="inbox-field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => {
              if (!isFollowUpStatus(event.target.value)) return;
              setStatus(event.target.value);
              setEdited(true);
            }}
          >
            {FOLLOW_UP_STATUSES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <div className="inbox-field">
          <label htmlFor={`${id}-note`}>Internal note</label>
          <textarea
            id={`${id}-note`}
            rows={4}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              setEdited(true);
            }}
            aria-invalid={noteTooLong || undefined}
            aria-describedby={`${id}-note-count`}
          />
          <p id={`${id}-note-count`} className={noteTooLong ? 'inbox-error' : 'inbox-hint'}>
            {note.length} of {FOLLOW_UP_NOTE_MAX_LENGTH} characters
            {noteTooLong ? ': shorten the note to save it.' : ''}
          </p>
        </div>
        <p className="inbox-hint">
          {followUp.updatedAt
            ? `Last changed by ${followUp.updatedByEmail ?? 'a sales account'} on ${formatReceived(followUp.updatedAt)}.`
            : 'Not followed up yet.'}
        </p>
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={saving || noteTooLong || undefined}
        >
          {saving ? 'Saving…' : 'Save follow-up'}
        </button>
        <p className={saveMessage && !saveMessage.ok ? 'inbox-error' : 'inbox-ok'} role="status">
          {saveMessage?.text}
        </p>
        {conflict && (
          <section className="inbox-conflict" aria-labelledby={`${id}-conflict`}>
            <h4 id={`${id}-conflict`}>Two versions of this follow-up</h4>
            <dl className="inbox-fields">
              <div className="inbox-fields__row">
                <dt>
                  Theirs ({conflict.updatedByEmail ?? 'a sales account'}
                  {conflict.updatedAt ? `, ${formatReceived(conflict.updatedAt)}` : ''})
                </dt>
                <dd>
                  {conflict.status}
                  {conflict.note ? ` · ${conflict.note}` : ''}
                </dd>
              </div>
              <div className="inbox-fields__row">
                <dt>Yours</dt>
                <dd>
                  {status}
                  {note ? ` · ${note}` : ''}
                </dd>
              </div>
            </dl>
            <div className="inbox-conflict__actions">
              <button type="button" className="button button--outline" onClick={() => keepTheirs(conflict)}>
                Keep theirs
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={() => void save(conflict.version)}
                aria-disabled={saving || noteTooLong || undefined}
              >
                Save mine over theirs
              </button>
            </div>
          </section>
        )}
      </form>
    </article>
  );
}
