import { FORM_MESSAGES, FORM_PAGES } from '@contract/enquiry/enquiry';
import { ENQUIRY_COLLECTION } from '@contract/enquiry/collections';
import { QUOTE_MESSAGE, REQUEST_LINE_MESSAGES } from '@contract/enquiry/request-lines';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EnquiryForm } from './enquiry-form';
import { offeredProductsProp } from './request-lines-part';

const saveEnquiry = vi.hoisted(() =>
  vi.fn<(collection: string, enquiryId: string, payload: Record<string, unknown>) => Promise<void>>(),
);
vi.mock('../../lib/firebase', () => ({ saveEnquiry, prepareEnquiryStore: () => undefined }));

const PRODUCTS = offeredProductsProp([
  { slug: 'machine-weft', name: 'Machine Weft', lengths: '12–30 inch' },
  { slug: 'i-tip-extensions', name: 'I-Tip Extensions', lengths: '14–28 inch' },
  { slug: 'hand-tied-weft', name: 'Hand-Tied Weft', lengths: '14–26 inch' },
]);

beforeEach(() => {
  saveEnquiry.mockReset();
  saveEnquiry.mockResolvedValue(undefined);
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const openAt = (address: string) => {
  window.history.replaceState(null, '', address);
  return render(<EnquiryForm id="t" formpage={FORM_PAGES.enquiry} products={PRODUCTS} />);
};
const productOf = (line: number) => screen.getByLabelText(`Product (line ${line})`);
const lines = () => screen.queryAllByRole('listitem', { name: /^Line \d+$/ });

/** The thanks shows, and the store was handed a full-form enquiry holding these fields. */
async function expectSent(fields: Record<string, unknown>) {
  expect(await screen.findByRole('dialog', { name: 'Thank you!' })).toBeInTheDocument();
  expect(saveEnquiry).toHaveBeenCalledWith(
    ENQUIRY_COLLECTION,
    expect.any(String),
    expect.objectContaining(fields),
  );
}

async function fillBuyer(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of Object.entries({
    Name: 'Priya Raman',
    Phone: '9876543210',
    Email: 'priya@example.com',
    City: 'Chennai',
  }))
    await user.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
  await user.selectOptions(screen.getByLabelText(/^Order Type/), 'bulk');
  await user.click(screen.getByRole('checkbox', { name: /terms/i }));
}

describe('the full form’s "What do you need" lines', () => {
  it('starts with the product a quote button named, and a message the buyer may change', async () => {
    openAt('/enquiry?product=machine-weft');
    await waitFor(() => expect(productOf(1)).toHaveValue('machine-weft'));
    expect(lines()).toHaveLength(1);
    expect(screen.getByLabelText(/^Message/)).toHaveValue(QUOTE_MESSAGE);
    expect(screen.getByRole('group', { name: /What do you need/ })).toBeInTheDocument();
  });

  it('opens blank, without a word, for an address naming no product of the catalogue', async () => {
    openAt('/enquiry?product=synthetic-wig');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a product' })).toBeEnabled());
    expect(lines()).toHaveLength(0);
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('stores every line the buyer adds, with the quantity as a number', async () => {
    const user = userEvent.setup({ delay: null });
    openAt('/enquiry?product=machine-weft');
    await waitFor(() => expect(productOf(1)).toHaveValue('machine-weft'));
    await user.type(screen.getAllByLabelText(/^Length/)[0] as HTMLElement, '22 in');
    await user.type(screen.getAllByLabelText(/^Quantity/)[0] as HTMLElement, '8');
    await user.click(screen.getByRole('button', { name: 'Add another product' }));
    await user.selectOptions(productOf(2), 'i-tip-extensions');
    await user.type(screen.getAllByLabelText(/^Quantity/)[1] as HTMLElement, '1,000');
    await user.selectOptions(screen.getAllByLabelText(/^Unit/)[1] as HTMLElement, 'pieces');
    await user.click(within(lines()[1] as HTMLElement).getByRole('checkbox', { name: 'Samples first' }));
    await fillBuyer(user);
    await user.click(screen.getByRole('button', { name: /send enquiry/i }));

    await expectSent({
      message: QUOTE_MESSAGE,
      lines: [
        { product: 'machine-weft', length: '22 in', quantity: 8, unit: 'kg', samples: false },
        { product: 'i-tip-extensions', length: '', quantity: 1000, unit: 'pieces', samples: true },
      ],
    });
    expect(lines()).toHaveLength(0);
  });

  it("sends a quote button's line with its product alone, as a price list", async () => {
    const user = userEvent.setup({ delay: null });
    openAt('/enquiry?product=machine-weft');
    await waitFor(() => expect(productOf(1)).toHaveValue('machine-weft'));
    await fillBuyer(user);
    const message = screen.getByLabelText(/^Message/);
    await user.clear(message);
    await user.type(message, 'Please send your wholesale price list');
    expect(screen.getByRole('button', { name: /send enquiry/i })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: /send enquiry/i }));

    await expectSent({
      message: 'Please send your wholesale price list',
      lines: [{ product: 'machine-weft', length: '', samples: false }],
    });
  });

  it('says beside the quantity that a half-filled one is wrong, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    openAt('/enquiry?product=machine-weft');
    await waitFor(() => expect(productOf(1)).toHaveValue('machine-weft'));
    await fillBuyer(user);
    const quantity = screen.getByLabelText(/^Quantity/);
    await user.type(quantity, '2.5');
    await user.click(screen.getByRole('button', { name: /send enquiry/i }));
    await waitFor(() => expect(quantity).toHaveAccessibleDescription(REQUEST_LINE_MESSAGES.quantity));
    expect(quantity).toHaveFocus();
    expect(saveEnquiry).not.toHaveBeenCalled();
  });

  it('says what is wrong with a line, and sends nothing until it is right', async () => {
    const user = userEvent.setup({ delay: null });
    openAt('/enquiry');
    await user.click(await screen.findByRole('button', { name: 'Add a product' }));
    await fillBuyer(user);
    const quantity = screen.getByLabelText(/^Quantity/);
    await user.type(quantity, '2.5');
    await user.tab();
    expect(quantity).toHaveAccessibleDescription(REQUEST_LINE_MESSAGES.quantity);
    await user.click(screen.getByRole('button', { name: /send enquiry/i }));
    // The alert's region is always there: wait for its words, not for the region.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FORM_MESSAGES.invalid));
    expect(productOf(1)).toHaveAccessibleDescription(REQUEST_LINE_MESSAGES.product);
    expect(productOf(1)).toHaveFocus();
    expect(saveEnquiry).not.toHaveBeenCalled();
  });

  it('takes at most ten lines, and a removed line takes the quote sentence with the last one', async () => {
    const user = userEvent.setup({ delay: null });
    openAt('/enquiry');
    await user.click(await screen.findByRole('button', { name: 'Add a product' }));
    for (let added = 1; added < 10; added += 1)
      await user.click(screen.getByRole('button', { name: 'Add another product' }));
    expect(lines()).toHaveLength(10);
    expect(screen.queryByRole('button', { name: /Add/ })).not.toBeInTheDocument();
    for (let line = 10; line >= 1; line -= 1)
      await user.click(screen.getByRole('button', { name: `Remove line ${line}` }));
    expect(lines()).toHaveLength(0);
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
  });

  it('keeps a message the buyer wrote when they add a line', async () => {
    const user = userEvent.setup({ delay: null });
    openAt('/enquiry');
    await user.type(screen.getByLabelText(/^Message/), 'We sell in Lagos, 40 kg a month.');
    await user.click(await screen.findByRole('button', { name: 'Add a product' }));
    expect(screen.getByLabelText(/^Message/)).toHaveValue('We sell in Lagos, 40 kg a month.');
  });

  it('keeps every line through a reload, as the rest of the form, until the enquiry is sent', async () => {
    const user = userEvent.setup({ delay: null });
    openAt('/enquiry?product=machine-weft');
    await waitFor(() => expect(productOf(1)).toHaveValue('machine-weft'));
    await user.type(screen.getAllByLabelText(/^Quantity/)[0] as HTMLElement, '8');
    await user.click(screen.getByRole('button', { name: 'Add another product' }));
    await user.selectOptions(productOf(2), 'hand-tied-weft');
    cleanup();

    openAt('/enquiry?product=machine-weft');
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(productOf(2)).toHaveValue('hand-tied-weft');
    expect(screen.getAllByLabelText(/^Quantity/)[0]).toHaveValue('8');
    await user.type(screen.getAllByLabelText(/^Quantity/)[1] as HTMLElement, '3');
    await fillBuyer(user);
    await user.click(screen.getByRole('button', { name: /send enquiry/i }));
    expect(await screen.findByRole('dialog', { name: 'Thank you!' })).toBeInTheDocument();
    cleanup();

    openAt('/enquiry');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a product' })).toBeEnabled());
    expect(lines()).toHaveLength(0);
  });

  it('is not part of a form whose page offers no products', () => {
    render(<EnquiryForm id="t" formpage={FORM_PAGES.home} />);
    expect(screen.queryByRole('group', { name: /What do you need/ })).not.toBeInTheDocument();
  });
});
