/**
 * One typed field of an enquiry form: its label, its control (input, textarea or select) and, once
 * the field is touched and invalid, its message, tied to the control for screen readers.
 */
import { BUSINESS_OPTIONS, ORDER_TYPES } from '@contract/enquiry/enquiry';
import { INDIA } from '@contract/enquiry/phone';
import { phoneCountries } from '@contract/enquiry/countries';
import type { ChangeEventHandler, FocusEventHandler } from 'react';
import type { FullFormField, ShortFormField } from './enquiry-schema';

type Option = { value: string; label: string };

type FieldUi = {
  label: string;
  control?: 'input' | 'textarea' | 'select';
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel';
  optional?: boolean;
  placeholder?: string;
  options?: readonly Option[];
  /** Spans both columns of the full form's grid. */
  wide?: boolean;
};

export type TextField = FullFormField | ShortFormField;

export const FIELD_UI: Record<TextField, FieldUi> = {
  name: { label: 'Name', autoComplete: 'name' },
  // "Company", not "Company Name": a label containing "Name" would be confused with the name field.
  companyname: { label: 'Company', autoComplete: 'organization', optional: true },
  // One `tel` input takes the whole number, so a browser's autofill (+1 212 555 0100) lands whole
  // and the country part follows it; the country part itself is PhoneCountry below.
  phone: {
    label: 'Phone',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    placeholder: '10-digit number',
  },
  email: { label: 'Email', type: 'email', inputMode: 'email', autoComplete: 'email' },
  city: { label: 'City', autoComplete: 'address-level2' },
  ordertype: {
    label: 'Order Type',
    control: 'select',
    placeholder: 'Select bulk or retail',
    options: ORDER_TYPES,
  },
  message: { label: 'Message', control: 'textarea', wide: true },
  business: {
    label: 'Business',
    control: 'select',
    options: BUSINESS_OPTIONS.map((option) => ({ value: option, label: option })),
  },
};

/**
 * The countries the prerendered page lists before the form's code arrives: India alone, the
 * default whatever the visitor's zone until that code reads it. A number typed with its country
 * code (+1, 0044) is taken as that country's however the part shows; the whole list of 245 follows
 * as soon as the form can answer. Each country listed before it costs /home and the popup's page
 * some 30 bytes of the first round trip, which the owner's photos and texts need.
 */
const FIRST_PAINT_COUNTRIES = new Set([INDIA]);

type PhoneCountryProps = {
  controlId: string;
  value: string;
  /** Every country once the form's code has taken over; the few of FIRST_PAINT_COUNTRIES before. */
  everyCountry: boolean;
  onChange: ChangeEventHandler;
};

/** The phone's country part: its dialling code and name, sorted by name. */
function PhoneCountry({ controlId, value, everyCountry, onChange }: PhoneCountryProps) {
  return (
    <>
      <label htmlFor={controlId} className="visually-hidden">
        Country of the phone number
      </label>
      <select
        id={controlId}
        name="country"
        value={value}
        onChange={onChange}
        className="field__control phone-field__country"
      >
        {phoneCountries()
          .filter(([code]) => everyCountry || FIRST_PAINT_COUNTRIES.has(code))
          .map(([code, callingCode, name]) => (
            <option key={code} value={code}>
              {`${name} (+${callingCode})`}
            </option>
          ))}
      </select>
    </>
  );
}

/** The phone field's country part, when the field has one. */
export type PhoneCountryPart = Omit<PhoneCountryProps, 'controlId'>;

type EnquiryFieldProps = {
  field: TextField;
  /** The control's element id; its message's is this with `-error`. */
  controlId: string;
  value: string;
  /** The message to show, or nothing while the field is untouched or valid. */
  error: string | undefined;
  onChange: ChangeEventHandler;
  onBlur: FocusEventHandler;
  /** The phone's country part. */
  country?: PhoneCountryPart;
};

export function EnquiryField({
  field,
  controlId,
  value,
  error,
  onChange,
  onBlur,
  country,
}: EnquiryFieldProps) {
  const ui = FIELD_UI[field];
  if (!ui) return null;
  const errorId = `${controlId}-error`;
  const common = {
    id: controlId,
    name: field,
    value,
    onChange,
    onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-required': ui.optional ? undefined : true,
    'aria-describedby': error ? errorId : undefined,
    className: 'field__control',
  };
  return (
    <div className={ui.wide ? 'field field--wide' : 'field'}>
      <label htmlFor={controlId} className="field__label">
        {ui.label}
        {ui.optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {ui.control === 'textarea' ? (
        <textarea
          {...common}
          rows={5}
          // The browser only brings the caret into view; a message box half below the screen
          // hides what is typed on its later lines, so it comes into view whole. Browsers too old
          // for scrollIntoView (and jsdom) keep their own caret scrolling.
          onFocus={(event) => event.currentTarget.scrollIntoView?.({ block: 'nearest' })}
        />
      ) : ui.control === 'select' ? (
        <select {...common}>
          {ui.placeholder ? (
            <option value="" disabled>
              {ui.placeholder}
            </option>
          ) : null}
          {ui.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : country ? (
        <div className="phone-field">
          <PhoneCountry controlId={`${controlId}-country`} {...country} />
          <input
            {...common}
            className="field__control phone-field__number"
            type={ui.type ?? 'text'}
            inputMode={ui.inputMode}
            autoComplete={ui.autoComplete}
            placeholder={country.value === INDIA ? ui.placeholder : 'Full number'}
          />
        </div>
      ) : (
        <input
          {...common}
          type={ui.type ?? 'text'}
          inputMode={ui.inputMode}
          autoComplete={ui.autoComplete}
          placeholder={ui.placeholder}
        />
      )}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
