import { FORM_MESSAGES, FORM_PAGES } from '@contract/enquiry/enquiry';
import { ENQUIRY_ID_PATTERN } from '@contract/enquiry/enquiry-id';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useFormik } from 'formik';
import type { FormEvent } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeUnavailableError } from '../../lib/code-loading';
import { VARIANTS } from './enquiry-form';
import { readDraft, type Draft } from './form-draft';
import { useEnquirySubmission, type FormValues } from './use-enquiry-submission';

const saveEnquiry = vi.hoisted(() =>
  vi.fn<(collection: string, enquiryId: string, payload: Record<string, string>) => Promise<void>>(),
);
vi.mock('../../lib/firebase', () => ({ saveEnquiry, prepareEnquiryStore: () => undefined }));
const loadPageAfresh = vi.hoisted(() => vi.fn());
vi.mock('../../lib/code-loading', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/code-loading')>()),
  loadPageAfresh,
}));

const EMPTY = VARIANTS.full.initialValues;
const FILLED: FormValues = {
  ...EMPTY,
  name: 'Priya Raman',
  phone: '9876543210',
  email: 'priya@example.com',
  city: 'Chennai',
  ordertype: 'bulk',
  message: 'We need 5 kg of machine weft, 20 inch.',
  terms: true,
};
const DRAFT_KEY = 'full:hook';
const NO_DRAFT = { enquiryId: null, submitFailed: false };

/** The hook on a real formik, as the form uses it, starting from `values` and a draft's state. */
function renderSubmission(values: FormValues, start: { enquiryId: string | null; submitFailed: boolean }) {
  return renderHook(() => {
    const formik = useFormik<FormValues>({
      initialValues: values,
      validationSchema: VARIANTS.full.schema,
      onSubmit: () => undefined,
    });
    return useEnquirySubmission({
      formik,
      variant: VARIANTS.full,
      short: false,
      formpage: FORM_PAGES.enquiry,
      draftKey: DRAFT_KEY,
      start,
      termsMissing: !formik.values.terms,
      focusField: () => undefined,
    });
  });
}

/** What a reload finds: the form starts from its draft, as startingState does. */
function reloadFromDraft() {
  const draft = readDraft(DRAFT_KEY, Object.keys(EMPTY)) as Draft;
  expect(draft).not.toBeNull();
  return renderSubmission({ ...EMPTY, ...draft.values } as FormValues, draft);
}

const submitEvent = { preventDefault: () => undefined } as FormEvent<HTMLFormElement>;

beforeEach(() => {
  saveEnquiry.mockReset();
  loadPageAfresh.mockReset();
});

describe('one document per submission', () => {
  it('keeps the ID with the draft before the write leaves, so a reload mid-write writes the same document', async () => {
    saveEnquiry.mockImplementationOnce(() => new Promise<void>(() => undefined));
    const first = renderSubmission(FILLED, NO_DRAFT);
    act(() => void first.result.current.submit(submitEvent));
    await waitFor(() => expect(saveEnquiry).toHaveBeenCalledTimes(1));
    const enquiryId = saveEnquiry.mock.calls[0]?.[1];
    expect(enquiryId).toMatch(ENQUIRY_ID_PATTERN);
    expect(first.result.current.sending).toBe(true);

    // The visitor reloads while the answer is still on its way.
    first.unmount();
    saveEnquiry.mockResolvedValue(undefined);
    const second = reloadFromDraft();
    await act(() => second.result.current.submit(submitEvent));

    expect(saveEnquiry.mock.calls.map((call) => call[1])).toEqual([enquiryId, enquiryId]);
    expect(saveEnquiry.mock.calls[1]?.[2]).toMatchObject({ name: 'Priya Raman', city: 'Chennai' });
    expect(second.result.current.thanked).toBe(true);
    expect(readDraft(DRAFT_KEY, Object.keys(EMPTY))).toBeNull();
  });

  it('loads the page afresh when a release removed the database code, and the draft brings back the ID and the alert', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    saveEnquiry.mockRejectedValueOnce(new CodeUnavailableError(new Error('404 for firestore chunk')));
    // The page goes as soon as it is asked to: what the draft holds then is all that comes back.
    let draftAtReload: Draft | null = null;
    loadPageAfresh.mockImplementation(() => (draftAtReload = readDraft(DRAFT_KEY, Object.keys(EMPTY))));
    const first = renderSubmission(FILLED, NO_DRAFT);
    await act(() => first.result.current.submit(submitEvent));
    expect(loadPageAfresh).toHaveBeenCalledTimes(1);
    expect(first.result.current.alert).toBe(FORM_MESSAGES.submitFailed);
    const enquiryId = saveEnquiry.mock.calls[0]?.[1];
    expect(draftAtReload).toMatchObject({ enquiryId, submitFailed: true, values: { name: 'Priya Raman' } });

    first.unmount();
    saveEnquiry.mockResolvedValue(undefined);
    const second = reloadFromDraft();
    expect(second.result.current.alert).toBe(FORM_MESSAGES.submitFailed);
    await act(() => second.result.current.submit(submitEvent));
    expect(saveEnquiry.mock.calls.map((call) => call[1])).toEqual([enquiryId, enquiryId]);
    expect(loadPageAfresh).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });

  it('does not load the page afresh for an ordinary failure: the visitor retries the same document', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    saveEnquiry.mockRejectedValueOnce(new Error('unavailable')).mockResolvedValue(undefined);
    const { result } = renderSubmission(FILLED, NO_DRAFT);
    await act(() => result.current.submit(submitEvent));
    expect(result.current.alert).toBe(FORM_MESSAGES.submitFailed);
    expect(loadPageAfresh).not.toHaveBeenCalled();
    await act(() => result.current.submit(submitEvent));
    const [first, retry] = saveEnquiry.mock.calls.map((call) => call[1]);
    expect(retry).toBe(first);
    expect(result.current.thanked).toBe(true);
    consoleError.mockRestore();
  });
});
