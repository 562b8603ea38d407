/**
 * What every kind of section's form is made of (section-form.tsx holds the state): a field with
 * its label, the publish's check beside it as the owner types, and a mark on every value still
 * holding the site's sample text ("This is right" confirms it; changing it confirms it too).
 */
import { fieldLabel, textRule } from '@contract/site/site-content-checks';
import { valueAtPath, type SectionId, type SectionKind } from '@contract/site/site-content';

export type SectionValue = Record<string, unknown>;

/** A field longer than this many characters gets a box of several lines even when not marked multiline. */
const SINGLE_LINE_MAX_CHARACTERS = 120;

/** What a section kind's fields need from the form: the value, its checks, and how to change it. */
export type SectionEditor = {
  formId: string;
  id: SectionId;
  kind: SectionKind;
  value: SectionValue;
  /** Each field's check message, by its path. */
  problems: Map<string, string>;
  /** The paths still holding the site's sample value. */
  unconfirmed: string[];
  change: (path: string, next: unknown) => void;
  confirm: (path: string) => void;
};

export type FieldSpec = { path: string; multiline?: boolean; hint?: string };

/** The items of a list in the section (questions, shipping regions, reviews). */
export function listOf(editor: SectionEditor, path: string): SectionValue[] {
  return (valueAtPath(editor.value, path) as SectionValue[] | undefined) ?? [];
}

export function SectionField({
  editor,
  path,
  multiline = false,
  hint,
}: FieldSpec & { editor: SectionEditor }) {
  const { formId, id, kind, value, problems, unconfirmed, change, confirm } = editor;
  const inputId = `${formId}-${path}`;
  const problem = problems.get(path);
  const sample = unconfirmed.includes(path);
  const text = String(valueAtPath(value, path) ?? '');
  const rule = textRule(kind, path);
  const describedBy = [
    problem && `${inputId}-problem`,
    sample && `${inputId}-sample`,
    hint && `${inputId}-hint`,
  ]
    .filter(Boolean)
    .join(' ');
  const control = {
    id: inputId,
    value: text,
    onChange: (event: { target: { value: string } }) => change(path, event.target.value),
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className={`inbox-field site-field${sample ? ' site-field--sample' : ''}`}>
      <label htmlFor={inputId}>{fieldLabel(id, path)}</label>
      {multiline || (rule?.max ?? 0) > SINGLE_LINE_MAX_CHARACTERS ? (
        <textarea rows={3} {...control} />
      ) : (
        <input type="text" {...control} />
      )}
      {hint && (
        <p id={`${inputId}-hint`} className="inbox-hint">
          {hint}
        </p>
      )}
      {sample && (
        <p id={`${inputId}-sample`} className="site-sample">
          <span>Sample value: change it, or confirm it is right.</span>{' '}
          <button type="button" className="inbox-link" onClick={() => confirm(path)}>
            This is right
          </button>
        </p>
      )}
      {problem && (
        <p id={`${inputId}-problem`} className="inbox-error">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The section's plain fields, in the order the form shows them. */
export function SectionFields({ editor, fields }: { editor: SectionEditor; fields: FieldSpec[] }) {
  return fields.map((spec) => <SectionField key={spec.path} editor={editor} {...spec} />);
}

/** The mark on a whole list still holding the site's sample values. */
export function SampleListNote({ editor, path }: { editor: SectionEditor; path: string }) {
  if (!editor.unconfirmed.includes(path)) return null;
  return (
    <p className="site-sample">
      <span>Sample values: change them, or confirm they are right.</span>{' '}
      <button type="button" className="inbox-link" onClick={() => editor.confirm(path)}>
        These are right
      </button>
    </p>
  );
}

/** Removes one item of a list, while the list keeps more than its fewest. */
export function RemoveItem({
  editor,
  path,
  index,
  fewest,
  children,
}: {
  editor: SectionEditor;
  path: string;
  index: number;
  fewest: number;
  children: string;
}) {
  const items = listOf(editor, path);
  if (items.length <= fewest) return null;
  return (
    <button
      type="button"
      className="inbox-link"
      onClick={() =>
        editor.change(
          path,
          items.filter((_, other) => other !== index),
        )
      }
    >
      {children}
    </button>
  );
}

/** Adds an item to a list, while the list has fewer than its most. */
export function AddItem({
  editor,
  path,
  most,
  empty,
  children,
}: {
  editor: SectionEditor;
  path: string;
  most: number;
  empty: SectionValue;
  children: string;
}) {
  const items = listOf(editor, path);
  if (items.length >= most) return null;
  return (
    <button
      type="button"
      className="button button--outline"
      onClick={() => editor.change(path, [...items, empty])}
    >
      {children}
    </button>
  );
}
