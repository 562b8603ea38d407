import { FORM_MESSAGES, FORM_PAGES } from '@contract/enquiry/enquiry';
import { ENQUIRY_ID_PATTERN } from '@contract/enquiry/enquiry-id';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EnquiryForm, missingForSubmit } from './enquiry-form';
import { LEFT_CONTROLS_GLOBAL } from './prerendered-form';
import { hasSubmittedEnquiry } from './enquiry-session';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from '@contract/enquiry/collections';

const saveEnquiry = vi.hoisted(() =>
  vi.fn<(collection: string, enquiryId: string, payload: Record<string, string>) => Promise<void>>(),
);
vi.mock('../../lib/firebase', () => ({ saveEnquiry, prepareEnquiryStore: () => undefined }));

beforeEach(() => {
  saveEnquiry.mockReset();
  saveEnquiry.mockResolvedValue(undefined);
});

const submitButton = () => screen.getByRole('button', { name: /send enquiry|request a call back/i });

async function fillFullForm(
  user: ReturnType<typeof userEvent.setup>,
  overrides: Record<string, string> = {},
) {
  const values = {
    Name: 'Priya Raman',
    Company: 'Raman Salons',
    Phone: '9876543210',
    Email: 'priya@example.com',
    City: 'Chennai',
    Message: 'We need 5 kg of machine weft, 20 inch.',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(new RegExp(`^${label}`));
    await user.clear(field);
    if (value) await user.type(field, value);
  }
  await user.selectOptions(screen.getByLabelText(/^Order Type/), 'bulk');
}

/** Fills the whole form validly and accepts the terms: ready to send. */
async function fillAgreedForm(user: ReturnType<typeof userEvent.setup>) {
  await fillFullForm(user);
  await user.click(screen.getByRole('checkbox', { name: /terms/i }));
}

/** Writes that do not answer until the test calls the function this returns. */
function holdWrites(): () => void {
  let finish!: () => void;
  saveEnquiry.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
  return () => finish();
}

describe('the full enquiry form', () => {
  it('starts with the terms unchecked and the submit button disabled', async () => {
    render(<EnquiryForm id="t" formpage={FORM_PAGES.enquiry} />);
    expect(screen.getByRole('checkbox', { name: /terms/i })).not.toBeChecked();
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'true'));
  });

  it.each([
    ['Name', '', 'Name is required.'],
    ['Email', 'priya@', 'Email is required and must be valid.'],
    ['Email', '', 'Email is required and must be valid.'],
    ['Phone', '98765', 'Phone is required and must be a 10-digit number.'],
    ['Phone', '98765432101', 'Phone is required and must be a 10-digit number.'],
    ['Phone', '98765abcde', 'Phone is required and must be a 10-digit number.'],
    ['City', '', 'City is required.'],
    ['Message', 'Too short', 'Message is required and must be at least 10 characters long.'],
  ])('shows "%s" = %j as %j once the field is touched', async (label, value, message) => {
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm id="t" />);
    const field = screen.getByLabelText(new RegExp(`^${label}`));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await user.click(field);
    if (value) await user.type(field, value);
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(message);
  });

  it('says "Order Type is required." when the order type is left unselected', async () => {
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm id="t" />);
    await user.click(screen.getByLabelText(/^Order Type/));
    await user.tab();
    expect(await screen.findByText('Order Type is required.')).toBeInTheDocument();
  });

  it('asks to fill out the form correctly when submitted invalid, and touches every field', async () => {
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm id="t" />);
    await user.click(submitButton());
    // The alert's region is always there: wait for its words, not for the region.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FORM_MESSAGES.invalid));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('City is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(saveEnquiry).not.toHaveBeenCalled();
  });

  it('asks to accept the terms when everything else is valid', async () => {
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm id="t" />);
    await fillFullForm(user);
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FORM_MESSAGES.termsRequired));
    expect(saveEnquiry).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: /terms/i }));
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'false'));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('links the terms to the terms page in a new tab', () => {
    render(<EnquiryForm id="t" />);
    const link = screen.getByRole('link', { name: /terms & conditions/i });
    expect(link).toHaveAttribute('href', '/terms-conditions');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('stores the exact document, thanks the visitor and resets the form', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 5, 9, 7, 3));
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm id="t" formpage={FORM_PAGES.home} />);
    await fillFullForm(user, { Phone: '+91 98765 43210', Name: '  Priya Raman  ' });
    await user.click(screen.getByRole('checkbox', { name: /terms/i }));
    await user.click(submitButton());

    expect(await screen.findByRole('dialog', { name: 'Thank you!' })).toBeInTheDocument();
    expect(saveEnquiry).toHaveBeenCalledTimes(1);
    expect(saveEnquiry).toHaveBeenCalledWith(ENQUIRY_COLLECTION, expect.stringMatching(ENQUIRY_ID_PATTERN), {
      formpage: 'Homepage',
      name: 'Priya Raman',
      companyname: 'Raman Salons',
      phone: '9876543210',
      email: 'priya@example.com',
      city: 'Chennai',
      ordertype: 'bulk',
      message: 'We need 5 kg of machine weft, 20 inch.',
      date: '05-01-2026',
      time: '09:07:03',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /terms/i })).not.toBeChecked();
    expect(hasSubmittedEnquiry()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('keeps every field and says so when the write fails', async () => {
    saveEnquiry.mockRejectedValue(new Error('unavailable'));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm id="t" />);
    await fillAgreedForm(user);
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FORM_MESSAGES.submitFailed));
    expect(consoleError).toHaveBeenCalled();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Priya Raman');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('We need 5 kg of machine weft, 20 inch.');
    expect(screen.getByRole('checkbox', { name: /terms/i })).toBeChecked();
    expect(hasSubmittedEnquiry()).toBe(false);
    consoleError.mockRestore();
  });

  it('sends one document however often the button is pressed while sending', async () => {
    const finish = holdWrites();
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm id="t" />);
    await fillAgreedForm(user);
    await user.click(submitButton());
    await waitFor(() => expect(saveEnquiry).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: /sending/i })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: /sending/i }));
    await user.click(screen.getByRole('button', { name: /sending/i }));
    await act(async () => finish());
    expect(saveEnquiry).toHaveBeenCalledTimes(1);
  });

  it('pretends success to a bot that fills the hidden field, and stores nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = render(<EnquiryForm id="t" />);
    await fillAgreedForm(user);
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.type(trap as HTMLInputElement, 'http://spam.example');
    await user.click(submitButton());
    expect(await screen.findByRole('dialog', { name: 'Thank you!' })).toBeInTheDocument();
    expect(saveEnquiry).not.toHaveBeenCalled();
  });

  it('restores a draft after a reload and forgets it once sent', async () => {
    const user = userEvent.setup({ delay: null });
    const first = render(<EnquiryForm id="draft" />);
    await user.type(screen.getByLabelText(/^Name/), 'Priya');
    await user.type(screen.getByLabelText(/^Message/), 'Half-written message');
    first.unmount();

    render(<EnquiryForm id="draft" />);
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Priya'));
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Half-written message');

    await fillAgreedForm(user);
    await user.click(submitButton());
    await screen.findByRole('dialog', { name: 'Thank you!' });
    cleanup();
    render(<EnquiryForm id="draft" />);
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue(''));
  });

  it('retries a failed submission under the same document ID, even after a reload, and picks a new one once sent', async () => {
    saveEnquiry.mockRejectedValueOnce(new Error('the answer was lost'));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    const first = render(<EnquiryForm id="retry" />);
    await fillAgreedForm(user);
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FORM_MESSAGES.submitFailed));
    const firstId = saveEnquiry.mock.calls[0]?.[1];
    expect(firstId).toMatch(ENQUIRY_ID_PATTERN);

    // The visitor reloads: the draft brings back the fields, the alert and the same ID.
    first.unmount();
    render(<EnquiryForm id="retry" />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FORM_MESSAGES.submitFailed));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Priya Raman');
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'false'));
    await user.click(submitButton());
    await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(saveEnquiry.mock.calls.map((call) => call[1])).toEqual([firstId, firstId]);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await fillAgreedForm(user);
    await user.click(submitButton());
    await screen.findByRole('dialog', { name: 'Thank you!' });
    const nextId = saveEnquiry.mock.calls[2]?.[1];
    expect(nextId).toMatch(ENQUIRY_ID_PATTERN);
    expect(nextId).not.toBe(firstId);
    consoleError.mockRestore();
  });

  it('sends one document when Enter is pressed twice', async () => {
    const finish = holdWrites();
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm id="t" />);
    await fillAgreedForm(user);
    await user.click(screen.getByLabelText(/^City/));
    await user.keyboard('{Enter}{Enter}');
    await waitFor(() => expect(saveEnquiry).toHaveBeenCalledTimes(1));
    await user.keyboard('{Enter}');
    await act(async () => finish());
    await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(saveEnquiry).toHaveBeenCalledTimes(1);
  });
});

describe('the waiting submit button', () => {
  const EMPTY_FULL_FORM =
    'To send, complete Name, Phone, Email, City, Order Type and Message and agree to the Terms & Conditions.';

  it('says what is still missing, from the prerendered page on, and less as the form fills', async () => {
    expect(renderToString(<EnquiryForm id="t" formpage={FORM_PAGES.enquiry} />)).toContain(
      EMPTY_FULL_FORM.replace('&', '&amp;'),
    );
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm id="t" formpage={FORM_PAGES.enquiry} />);
    await waitFor(() => expect(submitButton()).toHaveAccessibleDescription(EMPTY_FULL_FORM));

    await user.type(screen.getByLabelText(/^Name/), 'Priya Raman');
    await user.type(screen.getByLabelText(/^Phone/), '98765');
    await waitFor(() =>
      expect(submitButton()).toHaveAccessibleDescription(
        'To send, complete Phone, Email, City, Order Type and Message and agree to the Terms & Conditions.',
      ),
    );

    await fillFullForm(user);
    await waitFor(() =>
      expect(submitButton()).toHaveAccessibleDescription('To send, agree to the Terms & Conditions.'),
    );
    await user.click(screen.getByRole('checkbox', { name: /terms/i }));
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'false'));
    expect(submitButton()).not.toHaveAttribute('aria-describedby');
    // Typing a whole form key by key takes a while on a busy machine.
  }, 20_000);

  it('words one, two or more missing steps as a sentence', () => {
    expect(missingForSubmit(['Name'], false)).toBe('To send, complete Name.');
    expect(missingForSubmit(['Name', 'Email'], false)).toBe('To send, complete Name and Email.');
    expect(missingForSubmit([], true)).toBe('To send, agree to the Terms & Conditions.');
    expect(missingForSubmit([], false)).toBe('');
  });
});

describe('a prerendered form typed into before its code arrived', () => {
  it('keeps what was typed, ticked and chosen, the focus and the caret, and flags the field already left', async () => {
    const slot = document.createElement('div');
    slot.dataset.formSlot = 'early';
    slot.innerHTML = renderToString(<EnquiryForm id="early" formpage={FORM_PAGES.enquiry} />);
    document.body.append(slot);
    const control = (name: string) =>
      slot.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;
    // What the visitor did before any code ran; the boot script noted the fields they left.
    control('name').value = 'Priya Raman';
    control('email').value = 'priya@';
    (slot.querySelector('select[name="ordertype"]') as HTMLSelectElement).value = 'retail';
    control('terms').checked = true;
    control('city').value = 'Chennai';
    control('city').focus();
    control('city').setSelectionRange(3, 3);
    (window as unknown as Record<string, unknown>)[LEFT_CONTROLS_GLOBAL] = ['early-name', 'early-email'];

    const root = await act(async () =>
      hydrateRoot(slot, <EnquiryForm id="early" formpage={FORM_PAGES.enquiry} />),
    );
    await waitFor(() => expect(control('email')).toHaveAttribute('aria-invalid', 'true'));
    expect(control('email')).toHaveAccessibleDescription('Email is required and must be valid.');
    expect(control('name')).not.toHaveAttribute('aria-invalid');
    expect(control('name')).toHaveValue('Priya Raman');
    expect(control('city')).toHaveValue('Chennai');
    expect(slot.querySelector('select[name="ordertype"]')).toHaveValue('retail');
    expect(control('terms')).toBeChecked();
    expect(document.activeElement).toBe(control('city'));
    expect([control('city').selectionStart, control('city').selectionEnd]).toEqual([3, 3]);

    // Typing on goes through the form as usual.
    const user = userEvent.setup({ delay: null });
    await user.type(control('city'), ' North', { initialSelectionStart: 7, initialSelectionEnd: 7 });
    expect(control('city')).toHaveValue('Chennai North');
    act(() => root.unmount());
    slot.remove();
    Reflect.deleteProperty(window, LEFT_CONTROLS_GLOBAL);
  });
});

describe('the short popup form', () => {
  it('has name, email, phone and business, with Wholesaler chosen by default', () => {
    render(<EnquiryForm short id="p" />);
    expect(screen.getByLabelText(/^Name/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Business/)).toHaveValue('I am a Wholesaler');
    expect(within(screen.getByLabelText(/^Business/)).getAllByRole('option')).toHaveLength(6);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^City/)).not.toBeInTheDocument();
  });

  it('is disabled until valid, then stores the popup document and replaces itself with thanks', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 23, 59, 59));
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm short id="p" />);
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'true'));
    await user.type(screen.getByLabelText(/^Name/), 'Arun');
    await user.type(screen.getByLabelText(/^Email/), 'arun@example.in');
    await user.type(screen.getByLabelText(/^Phone/), '9123456780');
    await user.selectOptions(screen.getByLabelText(/^Business/), 'I am a Salon Retailer');
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'false'));
    await user.click(submitButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you!');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(saveEnquiry).toHaveBeenCalledWith(
      POPUP_ENQUIRY_COLLECTION,
      expect.stringMatching(ENQUIRY_ID_PATTERN),
      {
        name: 'Arun',
        email: 'arun@example.in',
        phone: '9123456780',
        business: 'I am a Salon Retailer',
        date: '21-11-2026',
        time: '23:59:59',
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    );
    vi.useRealTimers();
  });

  it('stores a Malayalam name typed with a chillu the older way (അവന്‍) as the letter a person sees (അവൻ)', async () => {
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm short id="p" />);
    await user.type(screen.getByLabelText(/^Name/), 'അവന്\u200d');
    await user.type(screen.getByLabelText(/^Email/), 'avan@example.in');
    await user.type(screen.getByLabelText(/^Phone/), '9847012345');
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'false'));
    await user.click(submitButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you!');
    expect(saveEnquiry).toHaveBeenCalledWith(
      POPUP_ENQUIRY_COLLECTION,
      expect.stringMatching(ENQUIRY_ID_PATTERN),
      expect.objectContaining({ name: 'അവ\u0d7b' }),
    );
  });

  it.each([
    ['Name', 'Name is required.'],
    ['Email', 'Email is required and must be valid.'],
    ['Phone', 'Phone is required and must be a 10-digit number.'],
  ])('explains an empty %s', async (label, message) => {
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm short id="p" />);
    await user.click(screen.getByLabelText(new RegExp(`^${label}`)));
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('asks to fill out the form correctly when submitted invalid', async () => {
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm short id="p" />);
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FORM_MESSAGES.invalid));
  });
});

describe('limits the enquiry contract sets', () => {
  it('tells the visitor when a name is longer than the contract allows', async () => {
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm id="t" />);
    const name = screen.getByLabelText(/^Name/);
    await user.click(name);
    await user.paste('x'.repeat(101));
    await user.tab();
    expect(await screen.findByText('Name must be at most 100 characters.')).toBeInTheDocument();
  });
});

describe('the phone field abroad', () => {
  it('takes a number with its country code, follows it with the country part and stores E.164', async () => {
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm short id="abroad" />);
    await user.type(screen.getByLabelText(/^Name/), 'Grace Miller');
    await user.type(screen.getByLabelText(/^Email/), 'grace@millerhair.com');
    await user.type(screen.getByLabelText(/^Phone/), '+1 212 555 01');
    await user.tab();
    await waitFor(() => expect(screen.getByLabelText(/^Country/)).toHaveValue('US'));
    expect(await screen.findByText('Phone is required and must be a valid number for the United States.'));
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.type(screen.getByLabelText(/^Phone/), '00');
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'false'));
    await user.click(submitButton());
    expect(await screen.findByRole('status')).toHaveTextContent(/Your reference is SME-\w{4}-\w{4}/);
    expect(saveEnquiry).toHaveBeenCalledWith(
      POPUP_ENQUIRY_COLLECTION,
      expect.stringMatching(ENQUIRY_ID_PATTERN),
      expect.objectContaining({ phone: '+12125550100' }),
    );
  });

  it('reads a national number for the country chosen', async () => {
    const user = userEvent.setup({ delay: null });
    render(<EnquiryForm short id="london" />);
    await user.type(screen.getByLabelText(/^Name/), 'Tunde Adeyemi');
    await user.type(screen.getByLabelText(/^Email/), 'tunde@tundesons.co.uk');
    await user.selectOptions(screen.getByLabelText(/^Country/), 'GB');
    await user.type(screen.getByLabelText(/^Phone/), '07400 123456');
    await waitFor(() => expect(submitButton()).toHaveAttribute('aria-disabled', 'false'));
    await user.click(submitButton());
    await screen.findByRole('status');
    expect(saveEnquiry).toHaveBeenCalledWith(
      POPUP_ENQUIRY_COLLECTION,
      expect.stringMatching(ENQUIRY_ID_PATTERN),
      expect.objectContaining({ phone: '+447400123456' }),
    );
  });
});
