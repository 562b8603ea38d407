import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConflictChoice, SaveButton, TextareaField } from './form-parts';

afterEach(cleanup);

/** The follow-up's note box as the detail writes it, with a small limit to type past. */
function NoteBox({ limit }: { limit: number }) {
  const [note, setNote] = useState('');
  return (
    <TextareaField
      controlId="note"
      label="Internal note"
      className="inbox-followup__note"
      rows={3}
      value={note}
      onChange={setNote}
      note={{ limit, overLimit: 'shorten the note to save it.' }}
    />
  );
}

describe('TextareaField', () => {
  it('counts the characters typed against the limit, and says what to do past it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<NoteBox limit={5} />);
    const box = screen.getByRole('textbox', { name: 'Internal note' });
    expect(box).toHaveAccessibleDescription('0 of 5 characters');
    await user.type(box, 'Calls');
    expect(box).toHaveAccessibleDescription('5 of 5 characters');
    expect(box).not.toHaveAttribute('aria-invalid');
    await user.type(box, '!');
    expect(box).toHaveAccessibleDescription('6 of 5 characters: shorten the note to save it.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById('note-count')).toHaveClass('inbox-error');
  });

  it('shows a hint beneath the box, and its check after the hint', () => {
    render(
      <TextareaField
        controlId="description"
        label="Description"
        className="site-field"
        rows={10}
        value=""
        onChange={() => undefined}
        note={{ hint: 'An empty line starts a new paragraph.' }}
      >
        <p className="inbox-error">Description: write at least one sentence.</p>
      </TextareaField>,
    );
    const box = screen.getByRole('textbox', { name: 'Description' });
    expect(box).toHaveAccessibleDescription('An empty line starts a new paragraph.');
    expect(box).toHaveAttribute('rows', '10');
    expect(box.closest('.inbox-field')).toHaveClass('site-field');
    expect(box.parentElement?.lastElementChild).toHaveTextContent('write at least one sentence');
  });
});

describe('SaveButton', () => {
  it('says it is saving and refuses a second tap while it saves, or while the save is blocked', () => {
    const { rerender } = render(<SaveButton saving={false}>Save correction</SaveButton>);
    expect(screen.getByRole('button', { name: 'Save correction' })).not.toHaveAttribute('aria-disabled');
    rerender(<SaveButton saving>Save correction</SaveButton>);
    expect(screen.getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true');
    rerender(
      <SaveButton saving={false} blocked>
        Save follow-up
      </SaveButton>,
    );
    expect(screen.getByRole('button', { name: 'Save follow-up' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('ConflictChoice', () => {
  it("keeps the colleague's version or saves over it, as tapped", async () => {
    const user = userEvent.setup({ delay: null });
    const keepTheirs = vi.fn();
    const saveMine = vi.fn();
    render(<ConflictChoice onKeepTheirs={keepTheirs} onSaveMine={saveMine} />);
    await user.click(screen.getByRole('button', { name: 'Keep theirs' }));
    expect(keepTheirs).toHaveBeenCalledTimes(1);
    expect(saveMine).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save mine over theirs' }));
    expect(saveMine).toHaveBeenCalledTimes(1);
  });
});
