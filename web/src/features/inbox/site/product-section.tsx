/**
 * A product's section: its card's fields, the description as text (rich-text.ts), the photo with
 * its description, and the questions on its page.
 */
import { PRODUCT_FAQS } from '@contract/site/site-content-checks';
import { valueAtPath } from '@contract/site/site-content';
import { PHOTO_MAX_BYTES, PHOTO_REFUSALS } from '@contract/site/site-publish';
import { useEffect, useState } from 'react';
import type { InboxConnection } from '../api/connection';
import { photoThumbnail, uploadPhoto } from '../api/site';
import { TextareaField } from '../form-parts';
import {
  AddItem,
  listOf,
  RemoveItem,
  SectionField,
  SectionFields,
  type FieldSpec,
  type SectionEditor,
} from './section-fields';

const PRODUCT_FIELDS: FieldSpec[] = [
  { path: 'name' },
  { path: 'shortDescription', multiline: true, hint: 'One or two sentences on the product’s card.' },
  { path: 'facts.length' },
  { path: 'facts.textureAndColour' },
  { path: 'facts.unit' },
  { path: 'facts.packing' },
];

/** The description box's height, in lines: a product's page holds several paragraphs. */
const DESCRIPTION_ROWS = 10;

/** The product photo's box in the form, as the photo's proportions (4:5). */
const THUMBNAIL_WIDTH = 120;
const THUMBNAIL_HEIGHT = 150;

export function ProductSection({
  editor,
  connection,
  description,
  onDescription,
}: {
  editor: SectionEditor;
  connection: InboxConnection;
  /** The description as the owner types it (the form turns it into rich text). */
  description: string;
  onDescription: (text: string) => void;
}) {
  const { formId, value, problems, change } = editor;
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  const [photoMessage, setPhotoMessage] = useState<string | null>(null);
  const photo = valueAtPath(value, 'photo') as { id: string; alt: string } | null | undefined;

  useEffect(() => {
    if (!photo?.id) return;
    let cancelled = false;
    void photoThumbnail(connection, photo.id).then((url) => !cancelled && setThumbnail(url));
    return () => {
      cancelled = true;
    };
  }, [connection, photo?.id]);

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

  return (
    <>
      <SectionFields editor={editor} fields={PRODUCT_FIELDS} />
      <TextareaField
        controlId={`${formId}-description`}
        label="Description"
        className="site-field"
        rows={DESCRIPTION_ROWS}
        value={description}
        onChange={onDescription}
        note={{
          hint: 'An empty line starts a new paragraph. *Words between stars* are bold. [Words](/enquiry) link to a page of this site.',
        }}
      >
        {problems.get('description') && <p className="inbox-error">{problems.get('description')}</p>}
      </TextareaField>
      <fieldset className="site-group">
        <legend>Photo</legend>
        {thumbnail && photo && (
          <img
            src={thumbnail}
            alt={photo.alt}
            width={THUMBNAIL_WIDTH}
            height={THUMBNAIL_HEIGHT}
            className="site-thumb"
          />
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
        {photo ? (
          <SectionField
            editor={editor}
            path="photo.alt"
            hint="What the photo shows, for buyers who cannot see it."
          />
        ) : (
          <SectionField editor={editor} path="imageAlt" />
        )}
      </fieldset>
      <fieldset className="site-group">
        <legend>Questions on this product’s page</legend>
        {listOf(editor, 'faqs').map((_, index) => (
          <div key={index} className="site-item">
            <SectionField editor={editor} path={`faqs.${index}.question`} />
            <SectionField editor={editor} path={`faqs.${index}.answer`} multiline />
            <RemoveItem editor={editor} path="faqs" index={index} fewest={PRODUCT_FAQS.min}>
              {`Remove question ${index + 1}`}
            </RemoveItem>
          </div>
        ))}
        <AddItem editor={editor} path="faqs" most={PRODUCT_FAQS.max} empty={{ question: '', answer: '' }}>
          Add a question
        </AddItem>
      </fieldset>
    </>
  );
}
