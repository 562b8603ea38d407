/**
 * One section of the site's content as a form the owner fills in on a phone: each field with its
 * label, the check the publish makes (contract/site-content-checks.ts) beside it as the owner
 * types, a mark on every value still holding the site's sample text ("This is right" confirms it,
 * changing it confirms it too), the description as text (rich-text.ts), the photo with its
 * description, and a save over the version the owner started from.
 */
import { richTextToEditorText, editorTextToRichText } from '@contract/rich-text';
import {
  checkSection,
  fieldLabel,
  PRODUCT_FAQS,
  sectionTitle,
  SHIPPING_REGIONS,
  textRule,
} from '@contract/site-content-checks';
import { INCOTERMS, sectionKind, valueAtPath, type SectionId } from '@contract/site-content';
import { PHOTO_MAX_BYTES, PHOTO_REFUSALS } from '@contract/site-publish';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { InboxConnection } from '../api/connection';
import { photoThumbnail, saveSection, SectionConflict, uploadPhoto, type DraftSection } from '../api/site';
import type { InboxUser } from '../api/session';
import { formatFullDate } from '../when-text';

type Value = Record<string, unknown>;

/** The value with `path` set (a copy: React state stays as it was). */
function withPath(value: Value, path: string, next: unknown): Value {
  const copy = structuredClone(value);
  const keys = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1) ?? ''] = next;
  return copy;
}

/** The fields of each kind of section, in the order the form shows them. */
const FIELDS: Record<string, { path: string; multiline?: boolean; hint?: string }[]> = {
  product: [
    { path: 'name' },
    { path: 'shortDescription', multiline: true, hint: 'One or two sentences on the product’s card.' },
    { path: 'facts.length' },
    { path: 'facts.textureAndColour' },
    { path: 'facts.unit' },
    { path: 'facts.packing' },
  ],
  category: [{ path: 'title' }, { path: 'description', multiline: true }, { path: 'imageAlt' }],
  'trade-terms': [
    { path: 'minimumOrder' },
    { path: 'leadTime' },
    { path: 'paymentTerms' },
    { path: 'samples' },
  ],
  'site-facts': [
    { path: 'legalName' },
    { path: 'phone' },
    { path: 'whatsapp' },
    { path: 'salesEmail' },
    { path: 'streetAddress' },
    { path: 'postalCode' },
    { path: 'businessHours' },
    { path: 'iec' },
    { path: 'gstin' },
    { path: 'social.x' },
    { path: 'social.youtube' },
    { path: 'social.instagram' },
  ],
  faqs: [],
  testimonials: [],
};

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
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  const [photoMessage, setPhotoMessage] = useState<string | null>(null);

  const current = kind === 'product' ? { ...value, description: editorTextToRichText(description) } : value;
  const problems = new Map(
    checkSection(id, current).map((problem) => [problem.field, problem.message.replace(/^[^:]*: /, '')]),
  );
  const photo = valueAtPath(current, 'photo') as { id: string; alt: string } | null | undefined;

  useEffect(() => {
    if (!photo?.id) return;
    let cancelled = false;
    void photoThumbnail(connection, photo.id).then((url) => !cancelled && setThumbnail(url));
    return () => {
      cancelled = true;
    };
  }, [connection, photo?.id]);

  const change = (path: string, next: unknown) => {
    setValue((before) => withPath(before, path, next));
    // Changing a sample value is the owner's answer to it.
    setUnconfirmed((before) => before.filter((field) => field !== path && !path.startsWith(`${field}.`)));
    setMessage(null);
  };
  const confirm = (path: string) => setUnconfirmed((before) => before.filter((field) => field !== path));

  async function choosePhoto(file: File | undefined) {
    if (!file) return;
    setPhotoMessage(null);
    if (file.size > PHOTO_MAX_BYTES) {
      setPhotoMessage(PHOTO_REFUSALS.tooLarge(file.size));
      return;
    }
    setPhotoMessage('Sending the photo…');
    try {
      const answer = await uploadPhoto(connection, file);
      if ('error' in answer) {
        setPhotoMessage(answer.error);
        return;
      }
      change('photo', { id: answer.photo.id, alt: '' });
      setPhotoMessage(
        `Photo taken (${answer.photo.width} × ${answer.photo.height}, its location data removed). Describe what it shows, then save.`,
      );
    } catch {
      setPhotoMessage('The photo could not be sent. Check the connection and try again.');
    }
  }

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

  const field = (path: string, { multiline = false, hint }: { multiline?: boolean; hint?: string } = {}) => {
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
    return (
      <div key={path} className={`inbox-field site-field${sample ? ' site-field--sample' : ''}`}>
        <label htmlFor={inputId}>{fieldLabel(id, path)}</label>
        {multiline || (rule?.max ?? 0) > 120 ? (
          <textarea
            id={inputId}
            rows={3}
            value={text}
            onChange={(event) => change(path, event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy || undefined}
          />
        ) : (
          <input
            id={inputId}
            type="text"
            value={text}
            onChange={(event) => change(path, event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy || undefined}
          />
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
  };

  const listOf = (path: string) => (valueAtPath(value, path) as Value[] | undefined) ?? [];
  const sampleList = (path: string) =>
    unconfirmed.includes(path) && (
      <p className="site-sample">
        <span>Sample values: change them, or confirm they are right.</span>{' '}
        <button type="button" className="inbox-link" onClick={() => confirm(path)}>
          These are right
        </button>
      </p>
    );

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
      {FIELDS[kind]?.map((spec) => field(spec.path, spec))}
      {kind === 'product' && (
        <>
          <div className="inbox-field site-field">
            <label htmlFor={`${formId}-description`}>Description</label>
            <textarea
              id={`${formId}-description`}
              rows={10}
              value={description}
              onChange={(event) => {
                setDescription(event.target.value);
                setMessage(null);
              }}
              aria-describedby={`${formId}-description-hint`}
            />
            <p id={`${formId}-description-hint`} className="inbox-hint">
              An empty line starts a new paragraph. *Words between stars* are bold. [Words](/enquiry) link to
              a page of this site.
            </p>
            {problems.get('description') && <p className="inbox-error">{problems.get('description')}</p>}
          </div>
          <fieldset className="site-group">
            <legend>Photo</legend>
            {thumbnail && photo && (
              <img src={thumbnail} alt={photo.alt} width={120} height={150} className="site-thumb" />
            )}
            <div className="inbox-field">
              <label htmlFor={`${formId}-photo`}>{photo ? 'Choose another photo' : 'Choose a photo'}</label>
              <input
                id={`${formId}-photo`}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                onChange={(event) => void choosePhoto(event.target.files?.[0])}
              />
            </div>
            <p className="inbox-hint" role="status">
              {photoMessage}
            </p>
            {photo
              ? field('photo.alt', { hint: 'What the photo shows, for buyers who cannot see it.' })
              : field('imageAlt')}
          </fieldset>
          <fieldset className="site-group">
            <legend>Questions on this product’s page</legend>
            {listOf('faqs').map((_, index) => (
              <div key={index} className="site-item">
                {field(`faqs.${index}.question`)}
                {field(`faqs.${index}.answer`, { multiline: true })}
                {listOf('faqs').length > PRODUCT_FAQS.min && (
                  <button
                    type="button"
                    className="inbox-link"
                    onClick={() =>
                      change(
                        'faqs',
                        listOf('faqs').filter((__, other) => other !== index),
                      )
                    }
                  >
                    Remove question {index + 1}
                  </button>
                )}
              </div>
            ))}
            {listOf('faqs').length < PRODUCT_FAQS.max && (
              <button
                type="button"
                className="button button--outline"
                onClick={() => change('faqs', [...listOf('faqs'), { question: '', answer: '' }])}
              >
                Add a question
              </button>
            )}
          </fieldset>
        </>
      )}
      {kind === 'trade-terms' && (
        <>
          <fieldset className="site-group">
            <legend>Incoterms offered</legend>
            {sampleList('incoterms')}
            <div className="site-choices">
              {INCOTERMS.map((term) => {
                const chosen = (value.incoterms as string[]).includes(term);
                return (
                  <label key={term} className="site-choice">
                    <input
                      type="checkbox"
                      checked={chosen}
                      onChange={() =>
                        change(
                          'incoterms',
                          INCOTERMS.filter((other) =>
                            other === term ? !chosen : (value.incoterms as string[]).includes(other),
                          ),
                        )
                      }
                    />
                    {term}
                  </label>
                );
              })}
            </div>
            {problems.get('incoterms') && <p className="inbox-error">{problems.get('incoterms')}</p>}
          </fieldset>
          <fieldset className="site-group">
            <legend>Shipping: transit days by region</legend>
            {sampleList('shipping')}
            {listOf('shipping').map((_, index) => (
              <div key={index} className="site-item site-item--row">
                {field(`shipping.${index}.region`)}
                {(['minDays', 'maxDays'] as const).map((end) => (
                  <div key={end} className="inbox-field site-days">
                    <label htmlFor={`${formId}-shipping-${index}-${end}`}>
                      {end === 'minDays' ? 'Fewest days' : 'Most days'}
                    </label>
                    <input
                      id={`${formId}-shipping-${index}-${end}`}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      value={String(valueAtPath(value, `shipping.${index}.${end}`) ?? '')}
                      onChange={(event) => change(`shipping.${index}.${end}`, Number(event.target.value))}
                    />
                  </div>
                ))}
                {problems.get(`shipping.${index}.minDays`) && (
                  <p className="inbox-error">{problems.get(`shipping.${index}.minDays`)}</p>
                )}
                {listOf('shipping').length > SHIPPING_REGIONS.min && (
                  <button
                    type="button"
                    className="inbox-link"
                    onClick={() =>
                      change(
                        'shipping',
                        listOf('shipping').filter((__, other) => other !== index),
                      )
                    }
                  >
                    Remove this region
                  </button>
                )}
              </div>
            ))}
            {listOf('shipping').length < SHIPPING_REGIONS.max && (
              <button
                type="button"
                className="button button--outline"
                onClick={() =>
                  change('shipping', [...listOf('shipping'), { region: '', minDays: 1, maxDays: 1 }])
                }
              >
                Add a region
              </button>
            )}
          </fieldset>
        </>
      )}
      {(kind === 'faqs' || kind === 'testimonials') &&
        listOf('items').map((_, index) => (
          <fieldset key={index} className="site-group">
            <legend>
              {kind === 'faqs' ? 'Question' : 'Review'} {index + 1}
            </legend>
            {kind === 'faqs'
              ? [field(`items.${index}.question`), field(`items.${index}.answer`, { multiline: true })]
              : [
                  field(`items.${index}.reviewMessage`, { multiline: true }),
                  field(`items.${index}.author`),
                  field(`items.${index}.authorProfession`),
                ]}
          </fieldset>
        ))}
      {conflict && (
        <div className="inbox-conflict" role="alert">
          <h4>{conflict.updatedByEmail || 'Another owner'} saved this section while you were editing it.</h4>
          <p>Nothing of yours was saved. Keep their version, or save yours over it.</p>
          <div className="inbox-buttons">
            <button type="button" className="button button--outline" onClick={() => keepTheirs(conflict)}>
              Keep theirs
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={(event) => void save(event, 'current')}
            >
              Save mine over theirs
            </button>
          </div>
        </div>
      )}
      <div className="inbox-buttons site-form__save">
        <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
      <p className={message && !message.ok ? 'inbox-error' : 'inbox-ok'} role="status">
        {message?.text}
      </p>
    </form>
  );
}
