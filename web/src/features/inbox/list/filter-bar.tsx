import { useId, useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';
import {
  EMPTY_FILTER,
  filtersInUse,
  COUNTRY_OPTIONS,
  KIND_OPTIONS,
  PRODUCT_OPTIONS,
  SHOWN_STATES,
  STATE_TEXT,
  type InboxFilter,
} from '../inbox-model';

/**
 * One line above the list: the search, and a button that opens the other filters in a sheet (from
 * the bottom on a phone, beside the list on a laptop), with the CSV downloads of what they select.
 */
export function FilterBar({
  filter,
  onChange,
  downloads,
}: {
  filter: InboxFilter;
  onChange: (filter: InboxFilter) => void;
  /** The CSV buttons and their status, shown in the sheet. */
  downloads: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const inUse = filtersInUse(filter);
  return (
    <div className="inbox-toolbar">
      <form className="inbox-toolbar__search" role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={`${id}-search`} className="visually-hidden">
          Search name, email, phone, city or reference
        </label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Search name, email, phone, city, reference"
          value={filter.search}
          onChange={(event) => onChange({ ...filter, search: event.target.value })}
        />
      </form>
      <button
        type="button"
        className="inbox-toolbar__filters"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Filters{inUse ? ` (${inUse})` : ''}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy={`${id}-title`} className="inbox-sheet">
        <h2 id={`${id}-title`} className="inbox-sheet__title">
          Filter enquiries
        </h2>
        <FilterFields filter={filter} onChange={onChange} />
        <div className="inbox-sheet__actions">
          <button
            type="button"
            className="button button--outline"
            onClick={() => onChange({ ...EMPTY_FILTER, search: filter.search, view: filter.view })}
          >
            Clear filters
          </button>
          <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
            Show enquiries
          </button>
        </div>
        <div className="inbox-sheet__downloads">{downloads}</div>
      </Dialog>
    </div>
  );
}

function FilterFields({
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
    <div className="inbox-filters">
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
        <label htmlFor={`${id}-state`}>Email state</label>
        <select
          id={`${id}-state`}
          value={filter.state}
          onChange={(event) => set('state', event.target.value as InboxFilter['state'])}
        >
          <option value="">Any</option>
          {SHOWN_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_TEXT[state]}
            </option>
          ))}
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
        <label htmlFor={`${id}-country`}>Country</label>
        <select
          id={`${id}-country`}
          value={filter.country}
          onChange={(event) => set('country', event.target.value)}
        >
          <option value="">Any</option>
          {COUNTRY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="inbox-field">
        <label htmlFor={`${id}-product`}>Product asked for</label>
        <select
          id={`${id}-product`}
          value={filter.product}
          onChange={(event) => set('product', event.target.value)}
        >
          <option value="">Any</option>
          {PRODUCT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
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
    </div>
  );
}
