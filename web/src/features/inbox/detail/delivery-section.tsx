import { deliveryRecordOf, fieldText, type StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import { useId, useState } from 'react';
import { explainEmail, explainWhatsApp, type Explanation } from './delivery-explanation';
import { recordedState } from '../inbox-model';
import { StateBadge } from '../state-badge';
import { formatFullDate } from '../when-text';

/** What the state means and what to do, with the server's own words folded under "Details". */
function ExplanationText({ explanation, extra }: { explanation: Explanation; extra?: [string, string][] }) {
  const details = [
    ...(explanation.raw ? [['The server said', explanation.raw] as [string, string]] : []),
    ...(extra ?? []),
  ];
  return (
    <>
      <p className={explanation.problem ? 'inbox-explain inbox-explain--problem' : 'inbox-explain'}>
        {explanation.summary}
      </p>
      {explanation.action && <p className="inbox-explain__action">{explanation.action}</p>}
      {details.length > 0 && (
        <details className="inbox-raw">
          <summary>Details</summary>
          <dl className="inbox-fields">
            {details.map(([label, value]) => (
              <div key={label} className="inbox-fields__row">
                <dt>{label}</dt>
                <dd className="inbox-raw__value">{value}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </>
  );
}

/** The sales email and the WhatsApp alert of one enquiry, in plain words, and the resend button. */
export function DeliverySection({
  enquiry,
  now,
  onResend,
  onOpenOriginal,
}: {
  enquiry: StoredEnquiry;
  now: Date;
  /** Resolves with when it was sent; rejects with the reason it was not. */
  onResend: () => Promise<Date>;
  /** Opens the enquiry a duplicate repeats (`collection/id`). */
  onOpenOriginal: (path: string) => void;
}) {
  const id = useId();
  const record = deliveryRecordOf(enquiry.data);
  const state = recordedState(enquiry);
  const [resending, setResending] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const whatsApp = explainWhatsApp(record.whatsapp);
  const duplicateOf = fieldText(record.duplicateOf);
  const extra: [string, string][] = [];
  if (fieldText(record.attempts)) extra.push(['Attempts', fieldText(record.attempts)]);
  if (fieldText(record.resentBy)) extra.push(['Last resent by', fieldText(record.resentBy)]);

  async function resend() {
    if (resending) return;
    setResending(true);
    setMessage(null);
    try {
      const sentAt = await onResend();
      setMessage({ ok: true, text: `The sales email was sent again (${formatFullDate(sentAt)}).` });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setResending(false);
    }
  }

  return (
    <section className="inbox-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="inbox-section__title">
        Sales email and alert
      </h3>
      <div className="inbox-delivery">
        {state && <StateBadge state={state} />}
        <ExplanationText explanation={explainEmail(state, record, now)} extra={extra} />
        {duplicateOf && (
          <button type="button" className="inbox-link" onClick={() => onOpenOriginal(duplicateOf)}>
            Open the first enquiry
          </button>
        )}
      </div>
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
          className={message && !message.ok ? 'inbox-error' : 'inbox-ok'}
          role={message && !message.ok ? 'alert' : 'status'}
        >
          {message?.text}
        </p>
      </div>
      {whatsApp && (
        <div className="inbox-delivery">
          <ExplanationText explanation={whatsApp} />
        </div>
      )}
    </section>
  );
}
