/**
 * One section of the site's content as a form the owner fills in on a phone: the fields of its
 * kind (section-fields.tsx, and a component per kind), the publish's check beside each as the
 * owner types, and a save over the version the owner started from, with the choice to keep a
 * colleague's version or save over it when theirs came first.
 */
import { richTextToEditorText, editorTextToRichText } from '@contract/site/rich-text';
import { checkSection, sectionTitle } from '@contract/site/site-content-checks';
import { sectionKind, type SectionId } from '@contract/site/site-content';
import { useId, useState, type FormEvent } from 'react';
import type { InboxConnection } from '../api/connection';
import { saveSection, SectionConflict, type DraftSection } from '../api/site';
import type { InboxUser } from '../api/session';
import { ConflictChoice, SaveButton } from '../form-parts';
import { formatFullDate } from '../when-text';
import { CategorySection, FaqsSection, SiteFactsSection, TestimonialsSection } from './field-sections';
import { ProductSection } from './product-section';
import type { SectionEditor, SectionValue } from './section-fields';
import { TradeTermsSection } from './trade-terms-section';

type Value = SectionValue;

/** The value with `path` set (a copy: React state stays as it was). */
function withPath(value: Value, path: string, next: unknown): Value {
  const copy = structuredClone(value);
  const keys = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1) ?? ''] = next;
  return copy;
}

export function SectionForm({
  connection,
  user,
  draft,
  onDone,
}: {
  connection: InboxConnection;
  user: InboxUser;
  draft: DraftSection;
  onDone: () => void;
}) {
  const formId = useId();
  const id: SectionId = draft.id;
  const kind = sectionKind(id);
  const [value, setValue] = useState<Value>(() => structuredClone(draft.value) as Value);
  const [unconfirmed, setUnconfirmed] = useState<string[]>(draft.unconfirmed);
  const [basedOn, setBasedOn] = useState(draft.version);
  const [description, setDescription] = useState(() =>
    kind === 'product' ? richTextToEditorText(String((draft.value as Value).description ?? '')) : '',
  );
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [conflict, setConflict] = useState<DraftSection | null>(null);

  const current = kind === 'product' ? { ...value, description: editorTextToRichText(description) } : value;
  const problems = new Map(
    checkSection(id, current).map((problem) => [problem.field, problem.message.replace(/^[^:]*: /, '')]),
  );
  const change = (path: string, next: unknown) => {
    setValue((before) => withPath(before, path, next));
    // Changing a sample value is the owner's answer to it.
    setUnconfirmed((before) => before.filter((field) => field !== path && !path.startsWith(`${field}.`)));
    setMessage(null);
  };
  const confirm = (path: string) => setUnconfirmed((before) => before.filter((field) => field !== path));
  const editor: SectionEditor = { formId, id, kind, value, problems, unconfirmed, change, confirm };

  async function save(event: FormEvent, over: 'current' | null = null) {
    event.preventDefault();
    if (saving) return;
    if (problems.size) {
      setMessage({ ok: false, text: 'Not saved yet: correct the marked fields first.' });
      return;
    }
    setSaving(true);
    try {
      const version = await saveSection(
        connection,
        user,
        id,
        { value: current, unconfirmed },
        over ?? basedOn,
      );
      setBasedOn(version);
      setConflict(null);
      setMessage({ ok: true, text: 'Saved. Preview the site to see it, then publish.' });
    } catch (error) {
      if (error instanceof SectionConflict) setConflict(error.theirs);
      else
        setMessage({
          ok: false,
          text: `Not saved: ${error instanceof Error ? error.message : String(error)}`,
        });
    } finally {
      setSaving(false);
    }
  }

  const keepTheirs = (theirs: DraftSection) => {
    setValue(structuredClone(theirs.value) as Value);
    setUnconfirmed(theirs.unconfirmed);
    if (kind === 'product')
      setDescription(richTextToEditorText(String((theirs.value as Value).description ?? '')));
    setBasedOn(theirs.version);
    setConflict(null);
    setMessage({ ok: true, text: 'You now see their version.' });
  };

  return (
    <form
      className="site-form"
      onSubmit={(event) => void save(event)}
      noValidate
      aria-labelledby={`${formId}-title`}
    >
      <div className="site-form__head">
        <button type="button" className="inbox-link" onClick={onDone}>
          ← All sections
        </button>
        <h2 id={`${formId}-title`} className="inbox-results__title">
          {sectionTitle(id, value)}
        </h2>
        <p className="inbox-hint">
          {draft.updatedByEmail
            ? `Last changed by ${draft.updatedByEmail}${draft.updatedAt ? `, ${formatFullDate(draft.updatedAt)}` : ''}.`
            : 'Not changed since the site was set up.'}
        </p>
      </div>
      {kind === 'product' && (
        <ProductSection
          editor={editor}
          connection={connection}
          description={description}
          onDescription={(text) => {
            setDescription(text);
            setMessage(null);
          }}
        />
      )}
      {kind === 'category' && <CategorySection editor={editor} />}
      {kind === 'trade-terms' && <TradeTermsSection editor={editor} />}
      {kind === 'site-facts' && <SiteFactsSection editor={editor} />}
      {kind === 'faqs' && <FaqsSection editor={editor} />}
      {kind === 'testimonials' && <TestimonialsSection editor={editor} />}
      {conflict && (
        <div className="inbox-conflict" role="alert">
          <h4>{conflict.updatedByEmail || 'Another owner'} saved this section while you were editing it.</h4>
          <p>Nothing of yours was saved. Keep their version, or save yours over it.</p>
          <ConflictChoice
            onKeepTheirs={() => keepTheirs(conflict)}
            onSaveMine={(event) => void save(event, 'current')}
          />
        </div>
      )}
      <div className="inbox-buttons site-form__save">
        <SaveButton saving={saving}>Save</SaveButton>
      </div>
      <p className={message && !message.ok ? 'inbox-error' : 'inbox-ok'} role="status">
        {message?.text}
      </p>
    </form>
  );
}
