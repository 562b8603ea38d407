/**
 * The pieces the inbox's forms share (the follow-up, the correction, the Site part's sections),
 * so a save, a colleague's newer version and a box of several lines behave alike in each.
 */
import type { MouseEvent, ReactNode } from 'react';

/** Beneath the box: a hint, or how many characters of a limit are typed (and what to do past it). */
type TextareaNote = { hint: ReactNode } | { limit: number; overLimit: string };

/**
 * A labelled box of several lines with its note beneath, as the inbox's forms write one: the
 * follow-up's internal note counts its characters against the stored limit, the Site part's
 * product description explains its marks. `children` come after the note (a check's message).
 */
export function TextareaField({
  controlId,
  label,
  className,
  rows,
  value,
  onChange,
  note,
  children,
}: {
  controlId: string;
  label: string;
  /** Classes beside `inbox-field`. */
  className: string;
  rows: number;
  value: string;
  onChange: (text: string) => void;
  note: TextareaNote;
  children?: ReactNode;
}) {
  const overLimit = 'limit' in note && value.length > note.limit;
  const noteId = `${controlId}-${'limit' in note ? 'count' : 'hint'}`;
  return (
    <div className={`inbox-field ${className}`}>
      <label htmlFor={controlId}>{label}</label>
      <textarea
        id={controlId}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={overLimit || undefined}
        aria-describedby={noteId}
      />
      {'limit' in note ? (
        <p id={noteId} className={overLimit ? 'inbox-error' : 'inbox-hint'}>
          {value.length} of {note.limit} characters
          {overLimit ? `: ${note.overLimit}` : ''}
        </p>
      ) : (
        <p id={noteId} className="inbox-hint">
          {note.hint}
        </p>
      )}
      {children}
    </div>
  );
}

/** The form's save button: it says so while saving, and refuses a second tap (or a blocked save). */
export function SaveButton({
  saving,
  blocked = false,
  children,
}: {
  saving: boolean;
  blocked?: boolean;
  children: string;
}) {
  return (
    <button type="submit" className="button button--primary" aria-disabled={saving || blocked || undefined}>
      {saving ? 'Saving…' : children}
    </button>
  );
}

/** After a colleague saved first: keep their version, or save this one over it. */
export function ConflictChoice({
  onKeepTheirs,
  onSaveMine,
  blocked = false,
}: {
  onKeepTheirs: () => void;
  onSaveMine: (event: MouseEvent) => void;
  /** True while saving, or while this version could not be saved anyway. */
  blocked?: boolean;
}) {
  return (
    <div className="inbox-buttons">
      <button type="button" className="button button--outline" onClick={onKeepTheirs}>
        Keep theirs
      </button>
      <button
        type="button"
        className="button button--primary"
        onClick={onSaveMine}
        aria-disabled={blocked || undefined}
      >
        Save mine over theirs
      </button>
    </div>
  );
}
