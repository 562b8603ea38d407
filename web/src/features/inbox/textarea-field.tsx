import type { ReactNode } from 'react';

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
