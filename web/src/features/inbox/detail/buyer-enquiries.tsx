import { enquiryKey, type StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import { useEffect, useId, useState } from 'react';
import { sameBuyer } from '../buyers';
import { gistOf } from '../enquiry-gist';
import { followUpOf, FORM_LABELS, newestFirst } from '../inbox-model';
import { When } from '../when';

/**
 * "3 enquiries from this buyer": every enquiry with the same email or phone (as admission compares
 * them), both forms, newest first, each one tap away. Looked up when the detail opens (bounded
 * queries), so it counts beyond the enquiries the list has loaded.
 */
export function BuyerEnquiries({
  enquiry,
  now,
  onFind,
  onOpen,
}: {
  enquiry: StoredEnquiry;
  now: Date;
  onFind: () => Promise<StoredEnquiry[]>;
  onOpen: (enquiry: StoredEnquiry) => void;
}) {
  const id = useId();
  const [found, setFound] = useState<StoredEnquiry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const email = enquiry.data.email;
  const phone = enquiry.data.phone;

  useEffect(() => {
    let cancelled = false;
    onFind().then(
      (enquiries) => {
        if (!cancelled) setFound(enquiries);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
    // Looked up again when the buyer's address or number changes (a correction).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onFind is bound to this enquiry
  }, [email, phone]);

  if (failed)
    return <p className="inbox-hint">This buyer’s other enquiries could not be looked up just now.</p>;
  // Holds the line the answer will take, so the controls below do not jump under a finger.
  if (!found)
    return (
      <p className="inbox-hint" data-buyer-lookup="loading">
        Looking for this buyer’s other enquiries…
      </p>
    );
  const buyers = [enquiry, ...found.filter((other) => enquiryKey(other) !== enquiryKey(enquiry))]
    .filter((other) => sameBuyer(enquiry.data, other.data))
    .sort(newestFirst);
  if (buyers.length < 2)
    return (
      <p className="inbox-hint" data-buyer-enquiries={1}>
        No other enquiry from this buyer’s email or phone.
      </p>
    );
  return (
    <section className="inbox-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="inbox-section__title" data-buyer-enquiries={buyers.length}>
        {buyers.length} enquiries from this buyer
      </h3>
      <ul className="inbox-buyer">
        {buyers.map((other) => {
          const self = enquiryKey(other) === enquiryKey(enquiry);
          const gist = gistOf(other.collection, other.data);
          const label = (
            <>
              <span className="inbox-buyer__what">
                {FORM_LABELS[other.collection]}
                {gist.line ? `: ${gist.line}` : ''}
              </span>
              <span className="inbox-buyer__when">
                <When at={other.receivedAt} now={now} /> · {followUpOf(other).status}
              </span>
            </>
          );
          return (
            <li key={enquiryKey(other)}>
              {self ? (
                <span className="inbox-buyer__item inbox-buyer__item--self" aria-current="true">
                  {label}
                </span>
              ) : (
                <button type="button" className="inbox-buyer__item" onClick={() => onOpen(other)}>
                  {label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
