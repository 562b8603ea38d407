/**
 * The sections that are plain fields and lists of them: a range, the contact details, the general
 * questions, the reviews.
 */
import { listOf, SectionField, SectionFields, type FieldSpec, type SectionEditor } from './section-fields';

const CATEGORY_FIELDS: FieldSpec[] = [
  { path: 'title' },
  { path: 'description', multiline: true },
  { path: 'imageAlt' },
];

const SITE_FACTS_FIELDS: FieldSpec[] = [
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
];

export function CategorySection({ editor }: { editor: SectionEditor }) {
  return <SectionFields editor={editor} fields={CATEGORY_FIELDS} />;
}

export function SiteFactsSection({ editor }: { editor: SectionEditor }) {
  return <SectionFields editor={editor} fields={SITE_FACTS_FIELDS} />;
}

/** One group of fields an item, titled with its number ("Question 2", "Review 3"). */
function ItemGroups({ editor, noun, fields }: { editor: SectionEditor; noun: string; fields: FieldSpec[] }) {
  return listOf(editor, 'items').map((_, index) => (
    <fieldset key={index} className="site-group">
      <legend>
        {noun} {index + 1}
      </legend>
      {fields.map(({ path, ...spec }) => (
        <SectionField key={path} editor={editor} path={`items.${index}.${path}`} {...spec} />
      ))}
    </fieldset>
  ));
}

export function FaqsSection({ editor }: { editor: SectionEditor }) {
  return (
    <ItemGroups
      editor={editor}
      noun="Question"
      fields={[{ path: 'question' }, { path: 'answer', multiline: true }]}
    />
  );
}

export function TestimonialsSection({ editor }: { editor: SectionEditor }) {
  return (
    <ItemGroups
      editor={editor}
      noun="Review"
      fields={[{ path: 'reviewMessage', multiline: true }, { path: 'author' }, { path: 'authorProfession' }]}
    />
  );
}
