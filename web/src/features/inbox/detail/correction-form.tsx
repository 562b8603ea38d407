import { CORRECTABLE_FIELDS, CORRECTION_COUNTRY_FIELD, readCorrection } from '@contract/inbox/correction';
import { phoneCountries } from '@contract/enquiry/countries';
import { INDIA } from '@contract/enquiry/phone';
import { nationalPhone, phoneCountry } from '@contract/enquiry/phone-plans';
import { FIELDS_BY_COLLECTION } from '@contract/enquiry/enquiry';
import { enquiryText, type StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import { useId, useState, type FormEvent } from 'react';
import { FollowUpConflict } from '../api/follow-up';
import { SaveButton } from '../form-parts';
import { followUpOf } from '../inbox-model';
import { formatFullDate } from '../when-text';

/**
 * "Correct the buyer's details", for the typo a buyer reports: the name, email, phone and city as
 * stored, checked as the site's forms check them, saved with an entry in the follow-up history
 * (who and when; the rules allow nothing else). Below it, that history.
 */
export function CorrectionSection({
  enquiry,
  onCorrect,
}: {
  enquiry: StoredEnquiry;
  /** Saves the changed fields over `basedOnVersion`; rejects with FollowUpConflict when someone saved first. */
  onCorrect: (changes: Record<string, string>, basedOnVersion: number) => Promise<number>;
}) {
  const id = useId();
  const fields = CORRECTABLE_FIELDS[enquiry.collection];
  const rules = FIELDS_BY_COLLECTION[enquiry.collection];
  const followUp = followUpOf(enquiry);
  const [editing, setEditing] = useState<{ values: Record<string, string>; basedOn: number } | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const start = () => {
    setEditing({
      // The phone as its country dials it at home, beside that country, so either can be corrected.
      values: {
        ...Object.fromEntries(
          fields.map((field) => [
            field,
            field === 'phone' ? nationalPhone(enquiry.data.phone) : enquiryText(enquiry, field),
          ]),
        ),
        [CORRECTION_COUNTRY_FIELD]: phoneCountry(enquiry.data.phone) ?? INDIA,
      },
      basedOn: followUp.version,
    });
    setProblems({});
    setMessage(null);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!editing || saving) return;
    const correction = readCorrection(enquiry.collection, enquiry.data, editing.values);
    setProblems(correction.problems);
    if (Object.keys(correction.problems).length) return;
    const changed = Object.keys(correction.changes);
    if (changed.length === 0) {
      setMessage({ ok: false, text: 'Nothing was changed: edit a field, or cancel.' });
      return;
    }
    setSaving(true);
    try {
      await onCorrect(correction.changes, editing.basedOn);
      setEditing(null);
      setMessage({
        ok: true,
        text: `Corrected: ${changed.map((field) => rules[field]?.label ?? field).join(', ')}. The history below records it.`,
      });
    } catch (error) {
      setMessage({
        ok: false,
        text:
          error instanceof FollowUpConflict
            ? 'Not saved: someone changed this enquiry while you were correcting it. Check the details, then correct them again.'
            : `The correction was not saved: ${error instanceof Error ? error.message : String(error)}`,
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="inbox-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="inbox-section__title">
        Buyer’s details
      </h3>
      {editing ? (
        <form className="inbox-correction" onSubmit={(event) => void save(event)} noValidate>
          <p className="inbox-hint">
            For a typo the buyer reports. The old value is not kept; the history records who corrected what,
            and when.
          </p>
          {fields.includes('phone') && (
            <div className="inbox-field">
              <label htmlFor={`${id}-country`}>Country of the number</label>
              <select
                id={`${id}-country`}
                value={editing.values[CORRECTION_COUNTRY_FIELD] ?? INDIA}
                onChange={(event) =>
                  setEditing({
                    ...editing,
                    values: { ...editing.values, [CORRECTION_COUNTRY_FIELD]: event.target.value },
                  })
                }
              >
                {phoneCountries().map(([code, callingCode, name]) => (
                  <option key={code} value={code}>
                    {`${name} (+${callingCode})`}
                  </option>
                ))}
              </select>
            </div>
          )}
          {fields.map((field) => (
            <div key={field} className="inbox-field">
              <label htmlFor={`${id}-${field}`}>{rules[field]?.label ?? field}</label>
              <input
                id={`${id}-${field}`}
                type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                value={editing.values[field] ?? ''}
                onChange={(event) =>
                  setEditing({ ...editing, values: { ...editing.values, [field]: event.target.value } })
                }
                aria-invalid={problems[field] ? true : undefined}
                aria-describedby={problems[field] ? `${id}-${field}-problem` : undefined}
              />
              {problems[field] && (
                <p id={`${id}-${field}-problem`} className="inbox-error">
                  {problems[field]}
                </p>
              )}
            </div>
          ))}
          <div className="inbox-buttons">
            <SaveButton saving={saving}>Save correction</SaveButton>
            <button type="button" className="button button--outline" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button--outline" onClick={start}>
          Correct the buyer’s details
        </button>
      )}
      <p className={message && !message.ok ? 'inbox-error' : 'inbox-ok'} role="status">
        {message?.text}
      </p>
      {followUp.corrections.length > 0 && (
        <>
          <h4 className="inbox-section__subtitle">History</h4>
          <ol className="inbox-history">
            {followUp.corrections.map((correction, index) => (
              <li key={index}>
                {correction.fields.map((field) => rules[field]?.label ?? field).join(', ')} corrected by{' '}
                <span className="inbox-nowrap">{correction.byEmail}</span>
                {correction.at ? `, ${formatFullDate(correction.at)}` : ''}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
