import { FIELDS_BY_COLLECTION } from '@contract/enquiry/enquiry';
import {
  POPUP_PRODUCT_LABEL,
  popupProductLabel,
  requestLinesOf,
  requestLineText,
} from '@contract/enquiry/request-lines';
import { leadSourceOfEnquiry, leadSourceRows } from '@contract/enquiry/lead-source';
import {
  FOLLOW_UP_NOTE_MAX_LENGTH,
  FOLLOW_UP_STATUSES,
  isFollowUpStatus,
  type FollowUpStatus,
} from '@contract/inbox/follow-up';
import type { PrivacyCallRequest, PrivacyCallResult } from '@contract/inbox/privacy';
import { enquiryKey, fieldText, type StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { site } from '../../../content/site';
import { FollowUpConflict } from '../api/follow-up';
import { BuyerData } from './buyer-data';
import { BuyerEnquiries } from './buyer-enquiries';
import { CorrectionSection } from './correction-form';
import { DeliverySection } from './delivery-section';
import {
  buyerCountry,
  contactLinks,
  countryName,
  enquiryReference,
  followUpFromRecord,
  followUpOf,
  FORM_LABELS,
  invalidPhoneNote,
  type FollowUpView,
} from '../inbox-model';
import { buyerClockText } from '@contract/enquiry/buyer-time';
import { responseTo } from '../response-view';
import { When } from '../when';
import { ConflictChoice, SaveButton, TextareaField } from '../form-parts';
import { formatFullDate } from '../when-text';

/**
 * What a visitor sent that the detail shows as fields: the date and time from their device are left
 * to the CSV, and the time zone is shown as the buyer's time.
 */
const DEVICE_CLOCK_FIELDS = new Set(['date', 'time', 'timezone']);

/** An address that may break only after its @ or before a dot, never inside a word. */
function Address({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 && <wbr />}
          {part}
        </span>
      ))}
    </>
  );
}

/** Everything the detail can ask for, bound to its enquiry by the inbox. */
export type DetailActions = {
  /** Saves over `basedOnVersion`; resolves with the version saved, rejects with FollowUpConflict. */
  saveFollowUp: (
    followUp: { status: FollowUpStatus; note: string },
    basedOnVersion: number,
  ) => Promise<number>;
  /** A tap on call, WhatsApp or email: the first contact, if none is recorded; resolves with the version stored. */
  recordFirstContact: () => Promise<number>;
  saveCorrection: (changes: Record<string, string>, basedOnVersion: number) => Promise<number>;
  /** Resolves with when it was sent; rejects with the reason it was not. */
  resend: () => Promise<Date>;
  findBuyerEnquiries: () => Promise<StoredEnquiry[]>;
  /** Only for owner accounts. */
  askPrivacy: ((request: PrivacyCallRequest) => Promise<PrivacyCallResult>) | null;
};

type Props = {
  enquiry: StoredEnquiry;
  now: Date;
  actions: DetailActions;
  onClose: () => void;
  /** Opens another enquiry (the buyer's others, the first of a duplicate), by `collection/id`. */
  onOpen: (path: string) => void;
};

export function EnquiryDetail({ enquiry, now, actions, onClose, onOpen }: Props) {
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

  // Opened (the inbox keys this component by enquiry): the reader's focus goes to its heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  /** One of this account's own saves that left status and note as they were: the form builds on it. */
  const followOwnSave = (version: number) =>
    setBasedOn((current) => (current === version - 1 ? version : current));

  const links = contactLinks(enquiry, site.companyName);
  const name = fieldText(enquiry.data.name) || 'Enquiry';
  const country = buyerCountry(enquiry);
  const buyerClock = buyerClockText(now, enquiry.data.timezone);
  const phoneNote = invalidPhoneNote(enquiry);
  const noteTooLong = note.length > FOLLOW_UP_NOTE_MAX_LENGTH;
  const response = responseTo(enquiry, now);
  const requested = requestLinesOf(enquiry.data);
  const popupProduct = popupProductLabel(enquiry.data);

  async function save(version = basedOn) {
    if (saving || noteTooLong) return;
    setSaving(true);
    setSaveMessage(null);
    try {
      const saved = await actions.saveFollowUp({ status, note }, version);
      setBasedOn(saved);
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

  /** The tap itself goes on (a call, a chat, an email); the first contact is recorded beside it. */
  const contacted = () => {
    if (response?.kind === 'answered') return;
    actions.recordFirstContact().then(followOwnSave, (error: unknown) =>
      setSaveMessage({
        ok: false,
        text: `The first contact was not recorded: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
  };

  return (
    <article className="inbox-detail" aria-labelledby={`${id}-heading`} data-enquiry={enquiryKey(enquiry)}>
      <div className="inbox-detail__bar">
        <button type="button" className="inbox-detail__back" onClick={onClose}>
          <span aria-hidden="true">←</span> Back to the list
        </button>
      </div>
      <header className="inbox-detail__head">
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="inbox-detail__title">
          {name}
        </h2>
        <p className="inbox-detail__meta">
          {FORM_LABELS[enquiry.collection]} · received <When at={enquiry.receivedAt} now={now} />
        </p>
        <p className="inbox-detail__meta">
          Reference <strong data-reference>{enquiryReference(enquiry.id)}</strong>
          {country ? ` · ${countryName(country)}` : ''}
        </p>
        {enquiry.receivedAt && (
          <p className="inbox-detail__meta" data-sent-india>
            Sent {formatFullDate(enquiry.receivedAt)} India time
          </p>
        )}
        {buyerClock && (
          <p className="inbox-detail__buyer-time" data-buyer-time>
            Buyer’s time now: {buyerClock}
          </p>
        )}
        {response && (
          <p
            className={`inbox-response inbox-response--${response.kind}${
              response.kind === 'waiting' && response.late ? ' inbox-response--late' : ''
            }`}
            data-response={response.kind}
          >
            {response.kind === 'answered'
              ? `First contact: ${response.text}`
              : `No contact yet: ${response.text}`}
          </p>
        )}
      </header>

      <ul className="inbox-actions" aria-label="Contact the buyer">
        {links.call && (
          <li>
            <a className="button button--primary" href={links.call} onClick={contacted}>
              Call <span className="inbox-nowrap">{links.phoneDisplay}</span>
            </a>
          </li>
        )}
        {links.whatsApp && (
          <li>
            <a
              className="button button--outline"
              href={links.whatsApp}
              target="_blank"
              rel="noreferrer"
              onClick={contacted}
            >
              WhatsApp
            </a>
          </li>
        )}
        {links.email && (
          <li>
            <a className="button button--outline" href={links.email} onClick={contacted}>
              Reply by email
            </a>
          </li>
        )}
      </ul>

      <section className="inbox-section" aria-labelledby={`${id}-followup`}>
        <h3 id={`${id}-followup`} className="inbox-section__title">
          Follow-up
        </h3>
        <form
          className="inbox-followup"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void save();
          }}
        >
          <div className="inbox-field inbox-followup__status">
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
          <TextareaField
            controlId={`${id}-note`}
            label="Internal note"
            className="inbox-followup__note"
            rows={3}
            value={note}
            onChange={(text) => {
              setNote(text);
              setEdited(true);
            }}
            note={{ limit: FOLLOW_UP_NOTE_MAX_LENGTH, overLimit: 'shorten the note to save it.' }}
          />
          <div className="inbox-followup__save">
            <SaveButton saving={saving} blocked={noteTooLong}>
              Save follow-up
            </SaveButton>
            <p className="inbox-hint">
              {followUp.updatedAt ? (
                <>
                  Last changed by{' '}
                  <span className="inbox-nowrap">{followUp.updatedByEmail ?? 'a sales account'}</span> on{' '}
                  {formatFullDate(followUp.updatedAt)}.
                </>
              ) : (
                'Not followed up yet.'
              )}
            </p>
          </div>
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
                    {conflict.updatedAt ? `, ${formatFullDate(conflict.updatedAt)}` : ''})
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
              <ConflictChoice
                onKeepTheirs={() => keepTheirs(conflict)}
                onSaveMine={() => void save(conflict.version)}
                blocked={saving || noteTooLong}
              />
            </section>
          )}
        </form>
      </section>

      <section className="inbox-section" aria-labelledby={`${id}-sent`}>
        <h3 id={`${id}-sent`} className="inbox-section__title">
          What they sent
        </h3>
        {requested.length > 0 && (
          <>
            <h4 className="inbox-lines__title">Asked a quote for</h4>
            <ul className="inbox-lines">
              {requested.map((line, index) => (
                <li key={index}>{requestLineText(line)}</li>
              ))}
            </ul>
          </>
        )}
        {popupProduct && (
          <p className="inbox-lines__title">
            {POPUP_PRODUCT_LABEL}: <strong>{popupProduct}</strong>
          </p>
        )}
        <dl className="inbox-fields">
          {Object.entries(FIELDS_BY_COLLECTION[enquiry.collection])
            .filter(([field]) => !DEVICE_CLOCK_FIELDS.has(field))
            .map(([field, rule]) => (
              <div key={field} className="inbox-fields__row">
                <dt>{rule.label}</dt>
                <dd className={field === 'message' ? 'inbox-fields__message' : `inbox-fields__${field}`}>
                  {field === 'email' ? (
                    <Address email={fieldText(enquiry.data.email)} />
                  ) : (
                    fieldText(enquiry.data[field]) || '—'
                  )}
                  {field === 'phone' && phoneNote && (
                    <span className="inbox-fields__note" data-phone-invalid>
                      {phoneNote}: no call or WhatsApp button
                    </span>
                  )}
                </dd>
              </div>
            ))}
          {leadSourceRows(leadSourceOfEnquiry(enquiry.data))
            .filter((row, index) => index === 0 || row.value)
            .map((row) => (
              <div key={row.label} className="inbox-fields__row" data-lead-source={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          <div className="inbox-fields__row">
            <dt>Enquiry ID</dt>
            <dd className="inbox-fields__id">{enquiry.id}</dd>
          </div>
        </dl>
      </section>

      <BuyerEnquiries
        enquiry={enquiry}
        now={now}
        onFind={actions.findBuyerEnquiries}
        onOpen={(other) => onOpen(`${other.collection}/${other.id}`)}
      />

      <DeliverySection enquiry={enquiry} now={now} onResend={actions.resend} onOpenOriginal={onOpen} />

      <CorrectionSection
        enquiry={enquiry}
        onCorrect={async (changes, basedOnVersion) => {
          const version = await actions.saveCorrection(changes, basedOnVersion);
          followOwnSave(version);
          return version;
        }}
      />

      {actions.askPrivacy && <BuyerData data={enquiry.data} onAsk={actions.askPrivacy} />}
    </article>
  );
}
