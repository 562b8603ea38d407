import type { PrivacyCallResult } from '@contract/inbox/privacy';
import { describeCounts } from './buyer-data';

/** What an address under /inbox shows when it names no enquiry that can be shown. */
export function AddressNotice({
  kind,
  failure,
  erasure,
  onClose,
}: {
  kind: 'malformed' | 'loading' | 'missing' | 'failed' | 'found';
  failure: string | null;
  erasure: PrivacyCallResult | null;
  onClose: () => void;
}) {
  const back = (
    <button type="button" className="button button--outline" onClick={onClose}>
      Back to the list
    </button>
  );
  if (kind === 'loading' || kind === 'found')
    return (
      <p className="inbox-notice" role="status">
        Opening the enquiry…
      </p>
    );
  const [title, text] =
    kind === 'malformed'
      ? [
          'This link does not name an enquiry',
          'It may have been cut short when it was copied. Open the enquiry from the list, or from the alert again.',
        ]
      : kind === 'failed'
        ? ['This enquiry could not be shown', failure ?? '']
        : erasure
          ? [
              'The buyer’s data is erased',
              `Erased ${describeCounts(erasure.deleted ?? erasure.counts)}. This enquiry is no longer stored.`,
            ]
          : [
              'No enquiry is stored at this address',
              'It may have been erased at the buyer’s request, or removed after its retention period. Check the list for the buyer’s name.',
            ];
  return (
    <div className="inbox-missing" role="alert">
      <h2 className="inbox-missing__title">{title}</h2>
      <p>{text}</p>
      {erasure?.notDeleted && erasure.notDeleted.length > 0 && (
        <ul className="inbox-privacy__manual">
          {erasure.notDeleted.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {back}
    </div>
  );
}
