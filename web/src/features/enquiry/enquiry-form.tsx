/**
 * The enquiry form (spec sections 3–5, 7, 8): the full form by default, the short popup form when
 * the `short` flag is set. Validation comes from the enquiry contract; the write goes to Firestore
 * through web/src/lib/firebase.ts; a draft in sessionStorage keeps what the visitor typed.
 */
import {
  DEFAULT_BUSINESS,
  ENQUIRY_FIELDS,
  FORM_PAGES,
  POPUP_ENQUIRY_FIELDS,
  type FormPage,
} from '@contract/enquiry/enquiry';
import { INDIA } from '@contract/enquiry/phone';
import { useFormik, type FormikErrors } from 'formik';
import { MAX_REQUEST_LINES, QUOTE_MESSAGE, requestLineErrors } from '@contract/enquiry/request-lines';
import {
  Fragment,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
} from 'react';
import type { AnyObjectSchema } from 'yup';
import { Dialog } from '../../components/dialog';
import { CheckIcon } from '../../components/icons';
import { prepareEnquiryStore } from '../../lib/firebase';
import { useInteractive } from '../../lib/hydration';
import { TERMS_PATH } from '../../config/paths';
import { EnquiryField, FIELD_UI } from './enquiry-field';
import { draftKeyFor, readDraft, type DraftValue } from './form-draft';
import { readLinesDraft, writeLinesDraft } from './lines-draft';
import { takeOver, type Takeover } from './form-takeover';
import { controlValues, prerenderedForm } from './prerendered-form';
import {
  contractErrors,
  FULL_FORM_FIELDS,
  fullFormSchema,
  SHORT_FORM_FIELDS,
  shortFormSchema,
} from './enquiry-schema';
import { useEnquirySubmission, type FormValues } from './use-enquiry-submission';
import { ReplySpeedLine, ReplySpeedThanks } from './reply-speed';
import {
  countryKnownAtOnce,
  countryToFollow,
  defaultCountry,
  loadPhonePlans,
  needsPlans,
} from './phone-rules';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from '@contract/enquiry/collections';
import {
  linePartId,
  newLine,
  offeredProductsOf,
  RequestLinesPart,
  type LinePart,
  type LineState,
} from './request-lines-part';
import { ENQUIRY_PRODUCT_PARAM } from '../../config/paths';
import './enquiry-form.css';

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
      country: INDIA,
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
    initialValues: {
      name: '',
      email: '',
      phone: '',
      country: INDIA,
      business: DEFAULT_BUSINESS,
      website: '',
    } as FormValues,
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

/** Each variant's fields, rules, collection, empty values and their errors. */
export const VARIANTS = {
  full: withInitialErrors(VARIANT_SETTINGS.full),
  short: withInitialErrors(VARIANT_SETTINGS.short),
};
type Variant = (typeof VARIANTS)[keyof typeof VARIANTS];

/** The enquiry's reference, as the acknowledgement email and the sales team will say it. */
function ReferenceLine({ reference }: { reference: string }) {
  return (
    <p className="enquiry-thanks__reference">
      Your reference is <strong>{reference}</strong>. Please quote it when you call or write to us.
    </p>
  );
}

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
  /**
   * Full form: the catalogue's products as the page offers them (`offeredProductsProp`, written at
   * prerender from the owner's content), which gives the form its "What do you need" lines.
   */
  products?: string;
  /** The popup on a product page: that product's catalogue address, sent with the enquiry. */
  product?: string;
};

/** The values a form starts from, and what it already knows about the visitor's progress. */
type StartingState = {
  values: FormValues;
  touched: Partial<Record<keyof FormValues, boolean>>;
  enquiryId: string | null;
  submitFailed: boolean;
  /** Set when hydrating a prerendered form the visitor may already have used. */
  takeover: Takeover | null;
  /** The visitor chose the phone's country (a draft kept it, or they changed it before the code came). */
  countryChosen: boolean;
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
    countryChosen: draft?.values.country !== undefined || values.country !== variant.initialValues.country,
  };
}

export function EnquiryForm({
  short = false,
  formpage = FORM_PAGES.other,
  id,
  thankYouTitle = 'Thank you!',
  onSubmitted,
  products,
  product,
}: EnquiryFormProps) {
  const variant = short ? VARIANTS.short : VARIANTS.full;
  const draftKey = draftKeyFor(short, id);
  const [start] = useState(() => startingState(variant, id, draftKey));
  // False while hydrating: everything that would make this render differ from the prerendered
  // HTML's markup (field errors, the alert, the submit's state) waits for the next render.
  const interactive = useInteractive();
  const formRef = useRef<HTMLFormElement>(null);
  const thankYouId = useId();

  const formik = useFormik<FormValues>({
    initialValues: start.values,
    // The form's validity is known from the first render, without a validation pass after mounting.
    initialErrors: contractErrors(variant.fields, variant.rules, start.values) as FormikErrors<FormValues>,
    initialTouched: start.touched,
    validationSchema: variant.schema,
    onSubmit: () => undefined,
  });
  const { values, errors, touched, setValues } = formik;
  const termsMissing = !short && !values.terms;
  const fieldId = (field: string) => `${id}-${field}`;

  // The "What do you need" lines: only where the page offers its products (short forms never).
  const offered = useMemo(() => (short ? [] : offeredProductsOf(products)), [short, products]);
  const [lines, setLines] = useState<LineState[]>([]);
  const [linesTouched, setLinesTouched] = useState<ReadonlySet<string>>(new Set());
  const lineErrors = lines.map(requestLineErrors);
  const firstWrongLinePart = lines.flatMap((line, index) =>
    (['product', 'length', 'quantity', 'unit'] as const)
      .filter((part) => lineErrors[index]?.[part])
      .map((part) => linePartId(id, line, part)),
  )[0];
  /** A line added while the message is still empty starts it with a sentence the buyer may change. */
  const addLine = (product = '') => {
    setLines((current) => [...current, newLine(product)]);
    if ((values.message ?? '').trim() === '') void formik.setFieldValue('message', QUOTE_MESSAGE, true);
  };
  const removeLine = (key: number) => {
    const left = lines.filter((line) => line.key !== key);
    setLines(left);
    if (left.length === 0 && values.message === QUOTE_MESSAGE) void formik.setFieldValue('message', '', true);
  };
  const changeLine = (key: number, part: LinePart, value: string | boolean) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, [part]: value } : line)));
  const leaveLinePart = (key: number, part: LinePart) =>
    setLinesTouched((current) => new Set([...current, `${key}:${part}`]));

  // A product page's quote button names its product in the address (?product=machine-weft): the
  // form starts with that line once it can answer. An address naming no product of the page's
  // catalogue opens the form blank, without a word.
  // Lines typed before a reload come back first (they hold the address's product already).
  const linesRestored = useRef(false);
  useEffect(() => {
    if (!interactive || offered.length === 0) return;
    linesRestored.current = true;
    const kept = readLinesDraft(draftKey, MAX_REQUEST_LINES);
    if (kept.length > 0) {
      // Only after hydration: the prerendered HTML, which hydration must match, has no lines.
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the draft is outside React
      setLines(kept.map((line) => ({ ...newLine(), ...line })));
      return;
    }
    const named = new URLSearchParams(window.location.search).get(ENQUIRY_PRODUCT_PARAM);
    // Only after hydration: the prerendered HTML, which hydration must match, knows no address.
    if (named && offered.some((product) => product.slug === named)) addLine(named);
    // Once, when the form can answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [interactive]);
  useEffect(() => {
    if (linesRestored.current) writeLinesDraft(draftKey, lines);
  }, [draftKey, lines]);
  const { alert, sending, thanked, reference, dismissThanks, submit } = useEnquirySubmission({
    formik,
    variant,
    short,
    formpage,
    draftKey,
    start,
    termsMissing,
    focusField: (field) => document.getElementById(fieldId(field))?.focus(),
    onSubmitted,
    product,
    lines: {
      typed: lines,
      firstWrong: firstWrongLinePart,
      reveal: () =>
        setLinesTouched(
          new Set(
            lines.flatMap((line) =>
              ['product', 'length', 'quantity', 'unit'].map((part) => `${line.key}:${part}`),
            ),
          ),
        ),
      reset: () => {
        setLines([]);
        setLinesTouched(new Set());
      },
    },
  });

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

  // The first focus in the form starts fetching the database SDK, so the submit is quick (at
  // once if the visitor is already typing in it when the form's code takes over).
  useEffect(() => {
    const form = formRef.current;
    if (form?.contains(document.activeElement)) return prepareEnquiryStore();
    form?.addEventListener('focusin', prepareEnquiryStore, { once: true });
    return () => form?.removeEventListener('focusin', prepareEnquiryStore);
  }, []);

  // Once the code has taken over, the phone's country part starts at the visitor's time zone's
  // country, unless they chose one or typed a number with its country code (which it follows).
  // India's zones are known at once; any other zone's country needs its table, fetched when the
  // visitor first reaches into the form (as the database SDK is), so no visitor pays for it at
  // load. If they pick a country or type a number with its code meanwhile, theirs stands.
  const latestValues = useRef(values);
  useEffect(() => {
    latestValues.current = values;
  });
  useEffect(() => {
    if (!interactive) return;
    const startingCountry = values.country ?? INDIA;
    const settle = (country: string) => {
      if (needsPlans(latestValues.current.phone ?? '', country)) void loadPhonePlans().catch(() => undefined);
      if (country !== latestValues.current.country) void formik.setFieldValue('country', country, true);
    };
    const followed = countryToFollow(values.phone ?? '', startingCountry);
    if (followed || start.countryChosen) return settle(followed ?? startingCountry);
    const known = countryKnownAtOnce();
    if (known) return settle(known);
    let current = true;
    let asked = false;
    const lookUp = () => {
      if (asked) return;
      asked = true;
      void defaultCountry().then((country) => {
        const now = latestValues.current;
        if (current && now.country === startingCountry && !countryToFollow(now.phone ?? '', startingCountry))
          settle(country);
      });
    };
    const form = formRef.current;
    const reaches = ['focusin', 'pointerdown'] as const;
    if (!form || form.contains(document.activeElement)) lookUp();
    else for (const reach of reaches) form.addEventListener(reach, lookUp, { once: true });
    return () => {
      current = false;
      for (const reach of reaches) form?.removeEventListener(reach, lookUp);
    };
    // Once, when the form can answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [interactive]);

  /** A number typed with its country code moves the country part to its country. */
  const onPhoneChange = (event: ChangeEvent<HTMLInputElement>) => {
    formik.handleChange(event);
    const typed = event.target.value;
    const follow = countryToFollow(typed, values.country ?? INDIA);
    if (follow) void formik.setFieldValue('country', follow, true);
    if (needsPlans(typed, follow ?? values.country ?? INDIA)) void loadPhonePlans().catch(() => undefined);
  };

  const onCountryChange = (event: ChangeEvent<HTMLSelectElement>) => {
    formik.handleChange(event);
    if (needsPlans(values.phone ?? '', event.target.value)) void loadPhonePlans().catch(() => undefined);
  };

  // A message that appears above the field being typed in (the name's, as the visitor taps the
  // company) pushes that field down, on a phone under the bar at the bottom: whenever the messages
  // shown change, the field comes back above the page's bottom scroll padding (the bar's room),
  // which Chromium's scrollIntoView does not count.
  const shownErrors = variant.fields.filter((field) => interactive && touched[field] && errors[field]).join();
  useLayoutEffect(() => {
    // A message shown as a field is left renders before the next field has the focus: look once
    // the focus has moved, before the frame is painted.
    const frame = requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || !formRef.current?.contains(focused)) return;
      const kept = parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0;
      const below = focused.getBoundingClientRect().bottom - (window.innerHeight - kept);
      if (below > 0) window.scrollBy({ top: below, behavior: 'instant' });
    });
    return () => cancelAnimationFrame(frame);
  }, [shownErrors]);

  const invalid = Object.keys(errors).length > 0 || firstWrongLinePart !== undefined;
  const blocked = !interactive || invalid || termsMissing || sending;
  // The prerendered page says what an empty form needs, and hydration must find the same text
  // (even when the visitor typed before the code came), so the line is there from first paint.
  const missing = !interactive
    ? missingInEmpty(variant)
    : sending
      ? ''
      : missingForSubmit(
          [
            ...variant.fields.filter((field) => errors[field]).map((field) => FIELD_UI[field].label),
            ...(firstWrongLinePart ? ['the product lines'] : []),
          ],
          termsMissing,
        );
  const missingId = `${id}-missing`;

  if (short && thanked) {
    return (
      <div className="enquiry-thanks" role="status">
        <span className="enquiry-thanks__icon">
          <CheckIcon size={28} />
        </span>
        <h3 className="enquiry-thanks__title">{thankYouTitle}</h3>
        <p>Your details have reached our sales team. We will call or email you within one business day.</p>
        {reference ? <ReferenceLine reference={reference} /> : null}
        <ReplySpeedThanks />
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
        <div className="enquiry-form__fields">
          {variant.fields.map((field) => {
            const error = interactive && touched[field] ? errors[field] : undefined;
            const linesPart =
              field === 'message' && offered.length > 0 ? (
                <RequestLinesPart
                  formId={id}
                  products={offered}
                  lines={lines}
                  errors={lineErrors}
                  touched={linesTouched}
                  interactive={interactive}
                  onAdd={() => addLine()}
                  onRemove={removeLine}
                  onChange={changeLine}
                  onLeave={leaveLinePart}
                />
              ) : null;
            return (
              <Fragment key={field}>
                {linesPart}
                <EnquiryField
                  field={field}
                  controlId={fieldId(field)}
                  value={values[field] ?? ''}
                  error={error === undefined ? undefined : String(error)}
                  onChange={field === 'phone' ? onPhoneChange : formik.handleChange}
                  onBlur={formik.handleBlur}
                  country={
                    field === 'phone'
                      ? {
                          value: values.country ?? INDIA,
                          everyCountry: interactive,
                          onChange: onCountryChange,
                        }
                      : undefined
                  }
                />
              </Fragment>
            );
          })}
        </div>

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
        {/* How fast sales answers, asked for once the form is awake (and in every thank-you). */}
        {formpage === FORM_PAGES.enquiry ? <ReplySpeedLine wanted={interactive} /> : null}
        {/* The short form lives in the popup, which only a script opens: no one would read it there. */}
        {short ? null : (
          <noscript>
            <p className="enquiry-form__noscript">
              Sending this form needs JavaScript. You can also reach us by phone or email (see the footer).
            </p>
          </noscript>
        )}
      </form>

      {short ? null : (
        <Dialog open={thanked} onClose={dismissThanks} labelledBy={thankYouId} className="thank-you-dialog">
          <div className="enquiry-thanks">
            <span className="enquiry-thanks__icon">
              <CheckIcon size={28} />
            </span>
            <h2 id={thankYouId} className="enquiry-thanks__title">
              {thankYouTitle}
            </h2>
            <p>Your enquiry has reached our sales team. We will get back to you within one business day.</p>
            {reference ? <ReferenceLine reference={reference} /> : null}
            <ReplySpeedThanks />
          </div>
        </Dialog>
      )}
    </>
  );
}
