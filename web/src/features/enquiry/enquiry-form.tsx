/**
 * The enquiry form (spec sections 3–5, 7, 8): the full form by default, the short popup form when
 * the `short` flag is set. Validation comes from the enquiry contract; the write goes to Firestore
 * through web/src/lib/firebase.ts; a draft in sessionStorage keeps what the visitor typed.
 */
import {
  BUSINESS_OPTIONS,
  buildEnquiryPayload,
  buildPopupEnquiryPayload,
  DEFAULT_BUSINESS,
  ENQUIRY_COLLECTION,
  ENQUIRY_FIELDS,
  FORM_MESSAGES,
  FORM_PAGES,
  ORDER_TYPES,
  POPUP_ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_FIELDS,
  type FormPage,
} from '@contract/enquiry';
import { newEnquiryId } from '@contract/enquiry-id';
import { useFormik, type FormikErrors } from 'formik';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AnyObjectSchema } from 'yup';
import { Dialog } from '../../components/dialog';
import { CheckIcon } from '../../components/icons';
import { canLoadAfresh, isCodeUnavailable, loadPageAfresh } from '../../lib/code-loading';
import { prepareEnquiryStore, saveEnquiry } from '../../lib/firebase';
import { useInteractive } from '../../lib/hydration';
import { TERMS_PATH } from '../../config/paths';
import { draftKeyFor, readDraft, writeDraft, type DraftValue } from './form-draft';
import { takeOver, type Takeover } from './form-takeover';
import { controlValues, prerenderedForm } from './prerendered-form';
import { markEnquirySubmitted } from './enquiry-session';
import {
  contractErrors,
  FULL_FORM_FIELDS,
  fullFormSchema,
  SHORT_FORM_FIELDS,
  shortFormSchema,
  type FullFormField,
  type ShortFormField,
} from './enquiry-schema';
import './enquiry-form.css';

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

type TextField = FullFormField | ShortFormField;

const FIELD_UI: Record<TextField, FieldUi> = {
  name: { label: 'Name', autoComplete: 'name' },
  // "Company", not "Company Name": a label containing "Name" would be confused with the name field.
  companyname: { label: 'Company', autoComplete: 'organization', optional: true },
  phone: {
    label: 'Phone',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel-national',
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

/** Both variants' values: the typed fields, the terms box (full form) and the bot trap. */
type FormValues = { [field in TextField]?: string } & { terms?: boolean; website: string };

const VARIANT_SETTINGS = {
  full: {
    fields: FULL_FORM_FIELDS,
    rules: ENQUIRY_FIELDS,
    schema: fullFormSchema as AnyObjectSchema,
    collection: ENQUIRY_COLLECTION,
    initialValues: {
      name: '',
      companyname: '',
      phone: '',
      email: '',
      city: '',
      ordertype: '',
      message: '',
      terms: false,
      website: '',
    } as FormValues,
    submitLabel: 'Send Enquiry',
  },
  short: {
    fields: SHORT_FORM_FIELDS,
    rules: POPUP_ENQUIRY_FIELDS,
    schema: shortFormSchema as AnyObjectSchema,
    collection: POPUP_ENQUIRY_COLLECTION,
    initialValues: { name: '', email: '', phone: '', business: DEFAULT_BUSINESS, website: '' } as FormValues,
    submitLabel: 'Request a Call Back',
  },
} as const;

/**
 * What the visitor still has to do before the form can be sent, said beside the waiting submit
 * button: "To send, complete Name and Phone and agree to the Terms & Conditions."
 */
export function missingForSubmit(labels: string[], termsMissing: boolean): string {
  const steps: string[] = [];
  if (labels.length > 0) {
    const list = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0];
    steps.push(`complete ${list}`);
  }
  if (termsMissing) steps.push('agree to the Terms & Conditions');
  return steps.length > 0 ? `To send, ${steps.join(' and ')}.` : '';
}

const withInitialErrors = <V extends (typeof VARIANT_SETTINGS)[keyof typeof VARIANT_SETTINGS]>(
  variant: V,
) => ({
  ...variant,
  initialErrors: contractErrors(
    variant.fields,
    variant.rules,
    variant.initialValues,
  ) as FormikErrors<FormValues>,
});

/** What an untouched form of this variant still needs. */
const missingInEmpty = (variant: (typeof VARIANTS)[keyof typeof VARIANTS]) =>
  missingForSubmit(
    variant.fields.filter((field) => variant.initialErrors[field]).map((field) => FIELD_UI[field].label),
    !('terms' in variant.initialValues) ? false : !variant.initialValues.terms,
  );

const VARIANTS = {
  full: withInitialErrors(VARIANT_SETTINGS.full),
  short: withInitialErrors(VARIANT_SETTINGS.short),
};
type Variant = (typeof VARIANTS)[keyof typeof VARIANTS];

export type EnquiryFormProps = {
  /** The spec's flag: the short popup form when set, the full form otherwise. */
  short?: boolean;
  /** Full form: the page it sits on, stored as `formpage` (Homepage, Enquirypage or empty). */
  formpage?: FormPage;
  /** Names this placement: element ids and the saved draft. */
  id: string;
  /** Heading shown in the short form's thank-you panel and the full form's thank-you popup. */
  thankYouTitle?: string;
  onSubmitted?: () => void;
};

/** The values a form starts from, and what it already knows about the visitor's progress. */
type StartingState = {
  values: FormValues;
  touched: Partial<Record<keyof FormValues, boolean>>;
  enquiryId: string | null;
  submitFailed: boolean;
  /** Set when hydrating a prerendered form the visitor may already have used. */
  takeover: Takeover | null;
};

/**
 * Where the form starts: the empty form, then the saved draft (a reload, or a page loaded afresh),
 * then what the visitor typed into the prerendered form before the code arrived, which wins.
 */
function startingState(variant: Variant, placementId: string, draftKey: string): StartingState {
  const fields = Object.keys(variant.initialValues) as (keyof FormValues)[];
  const draft = typeof window === 'undefined' ? null : readDraft(draftKey, fields);
  const form = prerenderedForm(placementId);
  const takeover = form ? takeOver(form) : null;
  const values: Record<string, DraftValue> = { ...variant.initialValues };
  for (const field of fields) {
    const typed = takeover?.values[field];
    const drafted = draft?.values[field];
    if (typed !== undefined && typed !== variant.initialValues[field]) values[field] = typed;
    else if (drafted !== undefined && field !== 'website') values[field] = drafted;
  }
  return {
    values: values as FormValues,
    touched: Object.fromEntries(
      (takeover?.left ?? []).filter((field) => field in variant.initialValues).map((field) => [field, true]),
    ),
    enquiryId: draft?.enquiryId ?? null,
    submitFailed: draft?.submitFailed ?? false,
    takeover,
  };
}

export function EnquiryForm({
  short = false,
  formpage = FORM_PAGES.other,
  id,
  thankYouTitle = 'Thank you!',
  onSubmitted,
}: EnquiryFormProps) {
  const variant = short ? VARIANTS.short : VARIANTS.full;
  const draftKey = draftKeyFor(short, id);
  const [start] = useState(() => startingState(variant, id, draftKey));
  const [alert, setAlert] = useState<string | null>(start.submitFailed ? FORM_MESSAGES.submitFailed : null);
  const [sending, setSending] = useState(false);
  const [thanked, setThanked] = useState(false);
  // False while hydrating: everything that would make this render differ from the prerendered
  // HTML's markup (field errors, the alert, the submit's state) waits for the next render.
  const interactive = useInteractive();
  const formRef = useRef<HTMLFormElement>(null);
  const inFlight = useRef(false);
  /** One ID per filled form: every retry of this submission writes the same document. */
  const enquiryId = useRef(start.enquiryId);
  const thankYouId = useId();

  const formik = useFormik<FormValues>({
    initialValues: start.values,
    // The form's validity is known from the first render, without a validation pass after mounting.
    initialErrors: contractErrors(variant.fields, variant.rules, start.values) as FormikErrors<FormValues>,
    initialTouched: start.touched,
    validationSchema: variant.schema,
    onSubmit: () => undefined,
  });
  const { values, errors, touched, setValues, setTouched, validateForm, resetForm } = formik;

  // Hydration keeps the page's elements (and so the focus and the caret): anything typed while it
  // ran is in them but not yet in the state.
  useLayoutEffect(() => {
    const form = formRef.current;
    const takeover = start.takeover;
    if (!form || !takeover) return;
    const now = controlValues(form);
    const typedMeanwhile = Object.fromEntries(
      Object.entries(now).filter(([field, value]) => field in values && value !== takeover.values[field]),
    );
    if (Object.keys(typedMeanwhile).length > 0)
      void setValues((current) => ({ ...current, ...typedMeanwhile }), true);
    // Once, right after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** What the visitor typed (never the bot trap), with the submission's ID: kept across reloads. */
  const keepDraft = (submitFailed: boolean) => {
    const { website: _trap, ...kept } = values;
    const untouched = Object.entries(kept).every(
      ([field, value]) => value === variant.initialValues[field as keyof FormValues],
    );
    writeDraft(
      draftKey,
      untouched && !enquiryId.current ? null : { values: kept, enquiryId: enquiryId.current, submitFailed },
    );
  };
  const failedAlert = alert === FORM_MESSAGES.submitFailed;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keepDraft reads exactly these
  useEffect(() => keepDraft(failedAlert), [values, failedAlert]);

  // The first focus in the form starts fetching the database SDK, so the submit is quick (at
  // once if the visitor is already typing in it when the form's code takes over).
  useEffect(() => {
    const form = formRef.current;
    if (form?.contains(document.activeElement)) return prepareEnquiryStore();
    form?.addEventListener('focusin', prepareEnquiryStore, { once: true });
    return () => form?.removeEventListener('focusin', prepareEnquiryStore);
  }, []);

  // An alert answers the last attempt; once the visitor changes something it no longer applies.
  const lastAlertValues = useRef(values);
  useEffect(() => {
    if (lastAlertValues.current !== values) setAlert(null);
  }, [values]);

  const invalid = Object.keys(errors).length > 0;
  const termsMissing = !short && !values.terms;
  const blocked = !interactive || invalid || termsMissing || sending;
  // The prerendered page says what an empty form needs, and hydration must find the same text
  // (even when the visitor typed before the code came), so the line is there from first paint.
  const missing = !interactive
    ? missingInEmpty(variant)
    : sending
      ? ''
      : missingForSubmit(
          variant.fields.filter((field) => errors[field]).map((field) => FIELD_UI[field].label),
          termsMissing,
        );
  const missingId = `${id}-missing`;

  function focusField(field: string) {
    document.getElementById(`${id}-${field}`)?.focus();
  }

  function showAlert(message: string) {
    lastAlertValues.current = values;
    setAlert(message);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A double click, Enter pressed twice, or a submit while a write is in flight: one write.
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await send();
    } finally {
      inFlight.current = false;
    }
  }

  async function send() {
    const found = await validateForm();
    const firstInvalid = variant.fields.find((field) => found[field]);
    if (firstInvalid) {
      void setTouched(Object.fromEntries(variant.fields.map((field) => [field, true])), false);
      showAlert(FORM_MESSAGES.invalid);
      focusField(firstInvalid);
      return;
    }
    if (termsMissing) {
      showAlert(FORM_MESSAGES.termsRequired);
      focusField('terms');
      return;
    }
    setSending(true);
    setAlert(null);
    try {
      // A filled trap field means a bot: it is told "thank you" and nothing is stored.
      if (!values.website) {
        const now = new Date();
        const payload = short
          ? buildPopupEnquiryPayload(
              {
                name: values.name ?? '',
                email: values.email ?? '',
                phone: values.phone ?? '',
                business: values.business ?? '',
              },
              now,
            )
          : buildEnquiryPayload(
              {
                name: values.name ?? '',
                companyname: values.companyname ?? '',
                phone: values.phone ?? '',
                email: values.email ?? '',
                city: values.city ?? '',
                ordertype: values.ordertype ?? '',
                message: values.message ?? '',
              },
              formpage,
              now,
            );
        enquiryId.current ??= newEnquiryId();
        // Kept with the draft before the write leaves, so even a reload retries this same document.
        keepDraft(false);
        await saveEnquiry(variant.collection, enquiryId.current, payload);
      }
      enquiryId.current = null;
      resetForm({ values: variant.initialValues, errors: variant.initialErrors, touched: {} });
      writeDraft(draftKey, null);
      markEnquirySubmitted();
      setThanked(true);
      onSubmitted?.();
    } catch (error) {
      console.error('The enquiry could not be stored.', error);
      showAlert(FORM_MESSAGES.submitFailed);
      // The database's code is gone (a new release): the page is loaded afresh, and the draft
      // brings everything back, with the same document ID and this alert.
      if (isCodeUnavailable(error) && canLoadAfresh()) {
        keepDraft(true);
        loadPageAfresh();
      }
    } finally {
      setSending(false);
    }
  }

  if (short && thanked) {
    return (
      <div className="enquiry-thanks" role="status">
        <span className="enquiry-thanks__icon">
          <CheckIcon size={28} />
        </span>
        <h3 className="enquiry-thanks__title">{thankYouTitle}</h3>
        <p>Your details have reached our sales team. We will call or email you within one business day.</p>
      </div>
    );
  }

  const fieldId = (field: string) => `${id}-${field}`;

  function renderField(field: TextField): ReactNode {
    const ui = FIELD_UI[field];
    if (!ui) return null;
    const error = interactive && touched[field] ? errors[field] : undefined;
    const errorId = `${fieldId(field)}-error`;
    const common = {
      id: fieldId(field),
      name: field,
      value: values[field] ?? '',
      onChange: formik.handleChange,
      onBlur: formik.handleBlur,
      'aria-invalid': error ? true : undefined,
      'aria-required': ui.optional ? undefined : true,
      'aria-describedby': error ? errorId : undefined,
      className: 'field__control',
    };
    return (
      <div key={field} className={ui.wide ? 'field field--wide' : 'field'}>
        <label htmlFor={fieldId(field)} className="field__label">
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
            {String(error)}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <>
      <form
        className={short ? 'enquiry-form enquiry-form--short' : 'enquiry-form'}
        noValidate
        onSubmit={(event) => void submit(event)}
        ref={formRef}
        aria-busy={sending}
      >
        {short ? null : <p className="enquiry-form__note">All fields are required unless marked optional.</p>}
        <div className="enquiry-form__fields">{variant.fields.map(renderField)}</div>

        <div className="enquiry-form__trap" aria-hidden="true">
          <label htmlFor={fieldId('website')}>Leave this field empty</label>
          <input
            id={fieldId('website')}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={formik.handleChange}
          />
        </div>

        {short ? null : (
          <div className="field field--checkbox">
            <input
              id={fieldId('terms')}
              name="terms"
              type="checkbox"
              checked={Boolean(values.terms)}
              onChange={formik.handleChange}
              className="field__checkbox"
            />
            <label htmlFor={fieldId('terms')}>
              I agree to the{' '}
              <a href={TERMS_PATH} target="_blank" rel="noopener">
                Terms &amp; Conditions <span className="visually-hidden">(opens in a new tab)</span>
              </a>
            </label>
          </div>
        )}

        <div className="enquiry-form__alert" role="alert">
          {interactive ? alert : null}
        </div>

        <div className="enquiry-form__actions">
          <button
            type="submit"
            className="button button--primary enquiry-form__submit"
            aria-disabled={blocked}
            aria-describedby={missing ? missingId : undefined}
            disabled={!interactive}
          >
            {sending ? (
              <>
                <span className="enquiry-form__spinner" aria-hidden="true" />
                Sending…
              </>
            ) : (
              variant.submitLabel
            )}
          </button>
          <p id={missingId} className="enquiry-form__missing">
            {missing}
          </p>
        </div>
        <noscript>
          <p className="enquiry-form__noscript">
            Sending this form needs JavaScript. You can also reach us by phone or email (see the footer).
          </p>
        </noscript>
      </form>

      {short ? null : (
        <Dialog
          open={thanked}
          onClose={() => setThanked(false)}
          labelledBy={thankYouId}
          className="thank-you-dialog"
        >
          <div className="enquiry-thanks">
            <span className="enquiry-thanks__icon">
              <CheckIcon size={28} />
            </span>
            <h2 id={thankYouId} className="enquiry-thanks__title">
              {thankYouTitle}
            </h2>
            <p>Your enquiry has reached our sales team. We will get back to you within one business day.</p>
          </div>
        </Dialog>
      )}
    </>
  );
}
