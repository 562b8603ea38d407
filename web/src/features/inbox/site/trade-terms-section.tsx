/** The trade terms' section: the terms as text, the Incoterms offered, and transit days by region. */
import { SHIPPING_REGIONS } from '@contract/site/site-content-checks';
import { INCOTERMS, valueAtPath } from '@contract/site/site-content';
import {
  AddItem,
  listOf,
  RemoveItem,
  SampleListNote,
  SectionField,
  SectionFields,
  type FieldSpec,
  type SectionEditor,
} from './section-fields';

const TRADE_TERMS_FIELDS: FieldSpec[] = [
  { path: 'minimumOrder' },
  { path: 'leadTime' },
  { path: 'paymentTerms' },
  { path: 'samples' },
];

/** Each end of a region's transit, with its label. */
const TRANSIT_ENDS = [
  ['minDays', 'Fewest days'],
  ['maxDays', 'Most days'],
] as const;

/** The days a new region starts with, for the owner to change. */
const NEW_REGION = { region: '', minDays: 1, maxDays: 1 };

export function TradeTermsSection({ editor }: { editor: SectionEditor }) {
  const { formId, value, problems, change } = editor;
  const offered = value.incoterms as string[];
  return (
    <>
      <SectionFields editor={editor} fields={TRADE_TERMS_FIELDS} />
      <fieldset className="site-group">
        <legend>Incoterms offered</legend>
        <SampleListNote editor={editor} path="incoterms" />
        <div className="site-choices">
          {INCOTERMS.map((term) => {
            const chosen = offered.includes(term);
            return (
              <label key={term} className="site-choice">
                <input
                  type="checkbox"
                  checked={chosen}
                  onChange={() =>
                    change(
                      'incoterms',
                      INCOTERMS.filter((other) => (other === term ? !chosen : offered.includes(other))),
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
        <SampleListNote editor={editor} path="shipping" />
        {listOf(editor, 'shipping').map((_, index) => (
          <div key={index} className="site-item site-item--row">
            <SectionField editor={editor} path={`shipping.${index}.region`} />
            {TRANSIT_ENDS.map(([end, label]) => (
              <div key={end} className="inbox-field site-days">
                <label htmlFor={`${formId}-shipping-${index}-${end}`}>{label}</label>
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
            <RemoveItem editor={editor} path="shipping" index={index} fewest={SHIPPING_REGIONS.min}>
              Remove this region
            </RemoveItem>
          </div>
        ))}
        <AddItem editor={editor} path="shipping" most={SHIPPING_REGIONS.max} empty={NEW_REGION}>
          Add a region
        </AddItem>
      </fieldset>
    </>
  );
}
