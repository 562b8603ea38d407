/**
 * What happens when an enquiry form is sent: the checks that come first, one document per
 * submission (its ID picked once and kept with the draft, so every retry, even after a reload,
 * writes the same document), one write at a time, the draft of what was typed, the alert that
 * answers the last attempt, the thanks, and a page loaded afresh when a release removed the
 * database's code.
 */
import {
  buildEnquiryPayload,
  buildPopupEnquiryPayload,
  FORM_MESSAGES,
  type FormPage,
} from '@contract/enquiry/enquiry';
import { newEnquiryId } from '@contract/enquiry/enquiry-id';
import { enquiryReference } from '@contract/enquiry/enquiry-reference';
import { INDIA } from '@contract/enquiry/phone';
import type { FormikErrors, FormikProps } from 'formik';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { canLoadAfresh, isCodeUnavailable, loadPageAfresh } from '../../lib/code-loading';
import { saveEnquiry } from '../../lib/firebase';
import type { TextField } from './enquiry-field';
import { markEnquirySubmitted, readFirstTouch } from './enquiry-session';
import { leadSourceFromTouch } from '@contract/enquiry/lead-source';
import { writeDraft } from './form-draft';
import { checkPhone, visitorTimeZone } from './phone-rules';
import type { EnquiryCollection } from '@contract/enquiry/collections';
import type { RequestLineInput } from '@contract/enquiry/request-lines';

/** Both variants' values: the typed fields, the terms box (full form) and the bot trap. */
export type FormValues = { [field in TextField]?: string } & {
  /** The phone's country part (stored nowhere: the phone itself says it). */
  country?: string;
  terms?: boolean;
  website: string;
};

type SubmissionVariant = {
  fields: readonly TextField[];
  collection: EnquiryCollection;
  initialValues: FormValues;
  initialErrors: FormikErrors<FormValues>;
};

type SubmissionOptions = {
  formik: Pick<FormikProps<FormValues>, 'values' | 'validateForm' | 'setTouched' | 'resetForm'>;
  variant: SubmissionVariant;
  /** The popup's document (name, email, phone, business) rather than the full form's. */
  short: boolean;
  /** Full form: the page it sits on, stored as `formpage`. */
  formpage: FormPage;
  draftKey: string;
  /** From the saved draft: the ID of a submission already attempted, and whether it failed. */
  start: { enquiryId: string | null; submitFailed: boolean };
  /** The full form's terms box is not ticked. */
  termsMissing: boolean;
  focusField: (field: string) => void;
  onSubmitted?: () => void;
  /** The popup on a product page: that product's catalogue address, sent with the enquiry. */
  product?: string;
  /** Full form: the "What do you need" lines, kept beside formik's values. */
  lines?: {
    typed: readonly RequestLineInput[];
    /** The element id of the first wrong part of a line, if any. */
    firstWrong: string | undefined;
    /** Shows every line's messages, after a send was tried. */
    reveal: () => void;
    reset: () => void;
  };
};

type Submission = {
  /** What the last attempt came to (invalid, terms, failed), until the visitor changes something. */
  alert: string | null;
  sending: boolean;
  thanked: boolean;
  /** The reference of the enquiry just sent (SME-4F7K-2QXM), for the thanks; null when none was stored. */
  reference: string | null;
  dismissThanks: () => void;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
};

export function useEnquirySubmission({
  formik,
  variant,
  short,
  formpage,
  draftKey,
  start,
  termsMissing,
  focusField,
  onSubmitted,
  product,
  lines,
}: SubmissionOptions): Submission {
  const { values, validateForm, setTouched, resetForm } = formik;
  const [alert, setAlert] = useState<string | null>(start.submitFailed ? FORM_MESSAGES.submitFailed : null);
  const [sending, setSending] = useState(false);
  const [thanked, setThanked] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const inFlight = useRef(false);
  /** One ID per filled form: every retry of this submission writes the same document. */
  const enquiryId = useRef(start.enquiryId);

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

  // An alert answers the last attempt; once the visitor changes something it no longer applies.
  const lastAlertValues = useRef(values);
  useEffect(() => {
    if (lastAlertValues.current !== values) setAlert(null);
  }, [values]);

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
    if (lines?.firstWrong) {
      lines.reveal();
      showAlert(FORM_MESSAGES.invalid);
      document.getElementById(lines.firstWrong)?.focus();
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
      let sentId: string | null = null;
      if (!values.website) {
        // The phone as stored: India's ten digits, or E.164 for the country beside it.
        const { phone } = await checkPhone(values.phone ?? '', values.country ?? INDIA);
        const timeZone = visitorTimeZone();
        const source = leadSourceFromTouch(readFirstTouch(), window.location.hostname);
        const now = new Date();
        const payload = short
          ? buildPopupEnquiryPayload(
              {
                name: values.name ?? '',
                email: values.email ?? '',
                phone,
                business: values.business ?? '',
                product,
              },
              now,
              timeZone,
              source,
            )
          : buildEnquiryPayload(
              {
                name: values.name ?? '',
                companyname: values.companyname ?? '',
                phone,
                email: values.email ?? '',
                city: values.city ?? '',
                ordertype: values.ordertype ?? '',
                message: values.message ?? '',
                lines: lines?.typed ?? [],
              },
              formpage,
              now,
              timeZone,
              source,
            );
        enquiryId.current ??= newEnquiryId();
        // Kept with the draft before the write leaves, so even a reload retries this same document.
        keepDraft(false);
        await saveEnquiry(variant.collection, enquiryId.current, payload);
        sentId = enquiryId.current;
      }
      setReference(sentId && enquiryReference(sentId));
      enquiryId.current = null;
      // The country part stays where the visitor had it, for a second enquiry.
      resetForm({
        values: { ...variant.initialValues, ...(values.country ? { country: values.country } : {}) },
        errors: variant.initialErrors,
        touched: {},
      });
      lines?.reset();
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

  return { alert, sending, thanked, reference, dismissThanks: () => setThanked(false), submit };
}
