import { enquiryKey, enquiryText, type StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import { gistOf } from '../enquiry-gist';
import {
  buyerCountry,
  countryName,
  deliveryState,
  followUpOf,
  FORM_LABELS,
  invalidPhoneNote,
  needsAttention,
} from '../inbox-model';
import { responseTo } from '../response-view';
import { StateBadge } from '../state-badge';
import { When } from '../when';

/**
 * One line per fact a salesperson scans for: who and when, what they asked, what it is about, and
 * where it stands (follow-up, a delivery problem, a buyer who wrote before, a lead left waiting).
 * The whole card opens the enquiry; its button names it.
 */
export function EnquiryList({
  enquiries,
  openKey,
  now,
  buyerGroups,
  onOpen,
}: {
  enquiries: StoredEnquiry[];
  openKey: string | null;
  now: Date;
  /** For each card, every enquiry of its buyer among those loaded (itself included). */
  buyerGroups: Map<string, string[]>;
  onOpen: (enquiry: StoredEnquiry) => void;
}) {
  return (
    <ul className="inbox-list">
      {enquiries.map((enquiry) => {
        const key = enquiryKey(enquiry);
        const gist = gistOf(enquiry.collection, enquiry.data);
        const status = followUpOf(enquiry).status;
        const response = responseTo(enquiry, now);
        const sameBuyer = buyerGroups.get(key)?.length ?? 1;
        const country = buyerCountry(enquiry);
        const phoneNote = invalidPhoneNote(enquiry);
        return (
          <li
            key={key}
            className={`inbox-card${needsAttention(enquiry) ? ' inbox-card--attention' : ''}${
              key === openKey ? ' inbox-card--open' : ''
            }`}
            data-enquiry={key}
          >
            <button
              type="button"
              className="inbox-card__open"
              aria-current={key === openKey ? 'true' : undefined}
              onClick={() => onOpen(enquiry)}
            >
              <span className="inbox-card__top">
                <span className="inbox-card__name">{enquiryText(enquiry, 'name') || '(no name)'}</span>
                <When at={enquiry.receivedAt} now={now} />
              </span>
              {gist.products.length > 0 && (
                <span className="inbox-card__products" data-products={gist.products.join('|')}>
                  {gist.products.join(' · ')}
                </span>
              )}
              {gist.line && <span className="inbox-card__line">{gist.line}</span>}
              <span className="inbox-card__meta">
                {FORM_LABELS[enquiry.collection]}
                {gist.tag ? ` · ${gist.tag}` : ''}
                {country ? <span data-country={country}>{` · ${countryName(country)}`}</span> : null}
              </span>
            </button>
            <span className="inbox-card__tags">
              <span className={`inbox-status inbox-status--${status.toLowerCase()}`} data-status={status}>
                {status}
              </span>
              {needsAttention(enquiry) && <StateBadge state={deliveryState(enquiry)} />}
              {response?.kind === 'waiting' && response.late && (
                <span className="inbox-tag inbox-tag--late">{response.text}</span>
              )}
              {phoneNote && (
                <span className="inbox-tag inbox-tag--invalid-phone" data-phone-invalid>
                  {phoneNote.charAt(0).toUpperCase() + phoneNote.slice(1)}
                </span>
              )}
              {sameBuyer > 1 && (
                <span className="inbox-tag inbox-tag--buyer" data-buyer-enquiries={sameBuyer}>
                  {sameBuyer} from this buyer
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
