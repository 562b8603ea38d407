import { SHIPPING_REGIONS } from '@contract/site/site-content-checks';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SectionEditor } from './section-fields';
import { TradeTermsSection } from './trade-terms-section';

afterEach(cleanup);

const TERMS = { minimumOrder: '1 kg', leadTime: '2 weeks', paymentTerms: 'T/T', samples: 'Paid' };
const region = (name: string) => ({ region: name, minDays: 5, maxDays: 9 });

/** The trade terms' form with these shipping regions, its changes caught. */
function renderTerms(shipping: ReturnType<typeof region>[], unconfirmed: string[] = []) {
  const editor: SectionEditor = {
    formId: 'terms',
    id: 'trade-terms',
    kind: 'trade-terms',
    value: { ...TERMS, incoterms: ['FOB'], shipping },
    problems: new Map([['shipping.0.minDays', 'The fewest days must come before the most.']]),
    unconfirmed,
    change: vi.fn(),
    confirm: vi.fn(),
  };
  render(
    <form>
      <TradeTermsSection editor={editor} />
    </form>,
  );
  return editor;
}

describe("the trade terms' section of the Site part", () => {
  it('removes a region only while more than the fewest remain, and adds one until the most', async () => {
    const user = userEvent.setup({ delay: null });
    const editor = renderTerms([region('Europe'), region('Africa')]);
    const group = screen.getByRole('group', { name: 'Shipping: transit days by region' });
    await user.click(within(group).getAllByRole('button', { name: 'Remove this region' })[0] as HTMLElement);
    expect(editor.change).toHaveBeenLastCalledWith('shipping', [region('Africa')]);
    await user.click(within(group).getByRole('button', { name: 'Add a region' }));
    expect(editor.change).toHaveBeenLastCalledWith('shipping', [
      region('Europe'),
      region('Africa'),
      { region: '', minDays: 1, maxDays: 1 },
    ]);
    cleanup();

    renderTerms(Array.from({ length: SHIPPING_REGIONS.min }, (_, index) => region(`Region ${index}`)));
    expect(screen.queryByRole('button', { name: 'Remove this region' })).not.toBeInTheDocument();
    cleanup();

    renderTerms(Array.from({ length: SHIPPING_REGIONS.max }, (_, index) => region(`Region ${index}`)));
    expect(screen.queryByRole('button', { name: 'Add a region' })).not.toBeInTheDocument();
  });

  it("ticks the Incoterms offered, shows a region's check, and lets the owner confirm sample values", async () => {
    const user = userEvent.setup({ delay: null });
    const editor = renderTerms([region('Europe')], ['shipping']);
    await user.click(screen.getByRole('checkbox', { name: 'CIF' }));
    expect(editor.change).toHaveBeenLastCalledWith('incoterms', expect.arrayContaining(['FOB', 'CIF']));
    expect(screen.getByText('The fewest days must come before the most.')).toHaveClass('inbox-error');
    await user.click(screen.getByRole('button', { name: 'These are right' }));
    expect(editor.confirm).toHaveBeenCalledWith('shipping');
    expect(screen.getByRole('spinbutton', { name: 'Most days' })).toHaveValue(9);
  });
});
