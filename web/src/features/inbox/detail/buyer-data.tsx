import { plural } from '@contract/base/words';
import { phoneLinks } from '@contract/enquiry/contact-links';
import type {
  PrivacyAction,
  PrivacyCallRequest,
  PrivacyCallResult,
  PrivacyCounts,
  PrivacyIdentifierKind,
} from '@contract/inbox/privacy';
import { textOf } from '@contract/enquiry/stored-enquiry';
import { useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { saveFile } from '../save-file';

/** "3 enquiries, 1 resend record and 4 admission records": what was found, named whole. */
export function describeCounts(counts: PrivacyCounts): string {
  const parts = [
    plural(counts.enquiries, 'enquiry', 'enquiries'),
    plural(counts.resends, 'resend record', 'resend records'),
    plural(counts.admission, 'admission record', 'admission records'),
  ];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

type Found = { request: Omit<PrivacyCallRequest, 'action'>; result: PrivacyCallResult };

/**
 * The owner's "Find this buyer's data" (accounts with the `owner` claim only; the function checks
 * it again): what the system holds about the buyer by their address or number, a copy to send them
 * (JSON), and erasure behind a confirmation that names exactly what will be deleted.
 */
export function BuyerData({
  data,
  onAsk,
}: {
  data: Record<string, unknown>;
  onAsk: (request: PrivacyCallRequest) => Promise<PrivacyCallResult>;
}) {
  const id = useId();
  const email = textOf(data.email);
  const phone = textOf(data.phone);
  const [kind, setKind] = useState<PrivacyIdentifierKind>(email ? 'email' : 'phone');
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState<PrivacyAction | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string; notDeleted?: string[] } | null>(null);
  const identifier = kind === 'email' ? email : phone;
  const shown = kind === 'email' ? email : (phoneLinks(phone)?.display ?? phone);

  async function ask(action: PrivacyAction, request: Omit<PrivacyCallRequest, 'action'>) {
    setBusy(action);
    setMessage(null);
    try {
      return await onAsk({ ...request, action });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
      return null;
    } finally {
      setBusy(null);
    }
  }

  async function find() {
    const request = { kind, value: identifier };
    const result = await ask('find', request);
    if (result) setFound({ request, result });
  }

  async function download(current: Found) {
    const result = await ask('export', current.request);
    if (!result?.json) return;
    saveFile(
      `buyer-data-${current.request.kind}-${new Date().toISOString().slice(0, 10)}.json`,
      result.json,
      'application/json',
    );
    setMessage({ ok: true, text: 'The JSON file is downloaded: send it to the buyer who asked.' });
  }

  async function erase(current: Found) {
    setConfirming(false);
    const result = await ask('erase', current.request);
    if (!result) return;
    setFound(null);
    setMessage({
      ok: true,
      text: `Erased ${describeCounts(result.deleted ?? result.counts)}.`,
      notDeleted: result.notDeleted ?? [],
    });
  }

  return (
    <section className="inbox-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="inbox-section__title">
        Buyer’s data (owner)
      </h3>
      <fieldset className="inbox-choice">
        <legend>Find by</legend>
        {(
          [
            ['email', 'their email', email],
            ['phone', 'their phone', phoneLinks(phone)?.display ?? phone],
          ] as const
        )
          .filter(([, , shownValue]) => shownValue)
          .map(([choice, label, shownValue]) => (
            <label key={choice}>
              <input
                type="radio"
                name={`${id}-kind`}
                checked={kind === choice}
                onChange={() => {
                  setKind(choice);
                  setFound(null);
                }}
              />{' '}
              {label}, <span className="inbox-nowrap">{shownValue}</span>
            </label>
          ))}
      </fieldset>
      <button
        type="button"
        className="button button--outline"
        onClick={() => void find()}
        aria-disabled={busy !== null || undefined}
      >
        {busy === 'find' ? 'Looking…' : 'Find this buyer’s data'}
      </button>
      {found && (
        <div className="inbox-privacy" role="status">
          <p>
            {found.result.counts.enquiries === 0
              ? `Nothing is stored under ${shown}.`
              : `Stored under ${shown}: ${describeCounts(found.result.counts)}.`}
          </p>
          {found.result.counts.enquiries > 0 && (
            <div className="inbox-buttons">
              <button
                type="button"
                className="button button--outline"
                onClick={() => void download(found)}
                aria-disabled={busy !== null || undefined}
              >
                {busy === 'export' ? 'Preparing…' : 'Download as JSON'}
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => setConfirming(true)}
                aria-disabled={busy !== null || undefined}
              >
                Erase…
              </button>
            </div>
          )}
        </div>
      )}
      <div className={message && !message.ok ? 'inbox-error' : 'inbox-ok'} role="status">
        {message?.text}
        {message?.notDeleted && message.notDeleted.length > 0 && (
          <ul className="inbox-privacy__manual">
            {message.notDeleted.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        labelledBy={`${id}-confirm`}
        className="inbox-confirm"
      >
        {found && (
          <>
            <h2 id={`${id}-confirm`} className="inbox-sheet__title">
              Erase this buyer’s data?
            </h2>
            <p>
              This deletes {describeCounts(found.result.counts)} stored under{' '}
              <span className="inbox-nowrap">{shown}</span>, for good. The emails and WhatsApp alerts already
              sent about them stay where they are; the result says how to delete those.
            </p>
            <div className="inbox-buttons">
              <button type="button" className="button button--danger" onClick={() => void erase(found)}>
                Erase {plural(found.result.counts.enquiries, 'enquiry', 'enquiries')}
              </button>
              <button type="button" className="button button--outline" onClick={() => setConfirming(false)}>
                Keep them
              </button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
