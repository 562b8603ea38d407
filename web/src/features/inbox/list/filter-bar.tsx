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

/** The date range's two ends, each a day picked in the same kind of field. */
const DATE_BOUNDS = [
  ['from', 'From'],
  ['to', 'To'],
] as const;

/** The filters picked from a list of what the enquiries hold, each with "Any" first. */
const CHOICE_FILTERS = [
  ['country', 'Country', COUNTRY_OPTIONS],
  ['product', 'Product asked for', PRODUCT_OPTIONS],
  ['kind', 'Order or business type', KIND_OPTIONS],
] as const;

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
      {DATE_BOUNDS.map(([bound, label]) => (
        <div key={bound} className="inbox-field">
          <label htmlFor={`${id}-${bound}`}>{label}</label>
          <input
            id={`${id}-${bound}`}
            type="date"
            value={filter[bound]}
            onChange={(event) => set(bound, event.target.value)}
          />
        </div>
      ))}
      {CHOICE_FILTERS.map(([key, label, options]) => (
        <div key={key} className="inbox-field">
          <label htmlFor={`${id}-${key}`}>{label}</label>
          <select id={`${id}-${key}`} value={filter[key]} onChange={(event) => set(key, event.target.value)}>
            <option value="">Any</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}
