import { useId } from 'react';
import {
  deliveryState,
  enquiryKey,
  followUpOf,
  FORM_LABELS,
  formatReceived,
  KIND_OPTIONS,
  needsAttention,
  SHOWN_STATES,
  STATE_TEXT,
  type InboxEnquiry,
  type InboxFilter,
} from './inbox-model';
import { StateBadge } from './state-badge';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function InboxFilters({
  filter,
  onChange,
}: {
  filter: InboxFilter;
  onChange: (filter: InboxFilter) => void;
}) {
  const id = useId();
  const set = <K extends keyof InboxFilter>(key: K, value: InboxFilter[K]) =>
    onChange({ ...filter, [key]: value });
  return (
    <form
      className="inbox-filters"
      role="search"
      aria-label="Filter enquiries"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="inbox-field inbox-filters__search">
        <label htmlFor={`${id}-search`}>Search name, email, phone or city</label>
        <input
          id={`${id}-search`}
          type="search"
          value={filter.search}
          onChange={(event) => set('search', event.target.value)}
        />
      </div>
      <div className="inbox-field">
        <label htmlFor={`${id}-form`}>Form</label>
        <select
          id={`${id}-form`}
          value={filter.form}
          onChange={(event) => set('form', event.target.value as InboxFilter['form'])}
        >
          <option value="">Both forms</option>
          <option value="full">Full form</option>
          <option value="popup">Popup</option>
        </select>
      </div>
      <div className="inbox-field">
        <label htmlFor={`${id}-from`}>From</label>
        <input
          id={`${id}-from`}
          type="date"
          value={filter.from}
          onChange={(event) => set('from', event.target.value)}
        />
      </div>
      <div className="inbox-field">
        <label htmlFor={`${id}-to`}>To</label>
        <input
          id={`${id}-to`}
          type="date"
          value={filter.to}
          onChange={(event) => set('to', event.target.value)}
        />
      </div>
      <div className="inbox-field">
        <label htmlFor={`${id}-kind`}>Order or business type</label>
        <select id={`${id}-kind`} value={filter.kind} onChange={(event) => set('kind', event.target.value)}>
          <option value="">Any</option>
          {KIND_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="inbox-field">
        <label htmlFor={`${id}-state`}>Email state</label>
        <select
          id={`${id}-state`}
          value={filter.state}
          onChange={(event) => set('state', event.target.value as InboxFilter['state'])}
        >
          <option value="">Any</option>
          {SHOWN_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_TEXT[state]} ({state})
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

export function EnquiryList({
  enquiries,
  openKey,
  onOpen,
}: {
  enquiries: InboxEnquiry[];
  openKey: string | null;
  onOpen: (enquiry: InboxEnquiry) => void;
}) {
  return (
    <ul className="inbox-list">
      {enquiries.map((enquiry) => {
        const key = enquiryKey(enquiry);
        const kind = text(enquiry.data.ordertype) || text(enquiry.data.business);
        return (
          <li
            key={key}
            className={`inbox-item${needsAttention(enquiry) ? ' inbox-item--attention' : ''}${
              key === openKey ? ' inbox-item--open' : ''
            }`}
            data-enquiry={key}
          >
            <button
              type="button"
              className="inbox-item__open"
              aria-current={key === openKey ? 'true' : undefined}
              onClick={() => onOpen(enquiry)}
            >
              <span className="inbox-item__name">{text(enquiry.data.name) || '(no name)'}</span>
              <span className="inbox-item__line">
                {FORM_LABELS[enquiry.collection]} · {kind || '—'} · {text(enquiry.data.city) || '—'}
              </span>
              <span className="inbox-item__line">
                {text(enquiry.data.email)} · {text(enquiry.data.phone)}
              </span>
              <span className="inbox-item__line inbox-item__time">{formatReceived(enquiry.receivedAt)}</span>
            </button>
            <span className="inbox-item__tags">
              <StateBadge state={deliveryState(enquiry)} />
              <span className="inbox-followup-tag">{followUpOf(enquiry).status}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
