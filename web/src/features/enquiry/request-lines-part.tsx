/**
 * The full form's optional "What do you need" part: lines of a product from the catalogue, a
 * length, a quantity and a unit, and whether samples should come first (the contract's
 * request-lines.ts). Only the product is needed: a line without a quantity asks for the price list. The products come from the page the form wakes in (its island props, written
 * at prerender from the owner's content), so the browser never needs the content itself.
 */
import type { ChangeEvent, ReactNode } from 'react';
import {
  MAX_LINE_LENGTH_TEXT,
  MAX_REQUEST_LINES,
  PRICE_LIST_TEXT,
  REQUEST_LINE_UNITS,
  requestLineErrors,
  type RequestLineInput,
} from '@contract/enquiry/request-lines';

/** One product as the page offers it: its address, its name, and its lengths as the facts say them. */
export type OfferedProduct = { slug: string; name: string; lengths: string };

/** The island prop's text (`[[slug, name, lengths], ...]`) as products; none when it is not that. */
export function offeredProductsOf(prop: string | undefined): OfferedProduct[] {
  if (!prop) return [];
  try {
    const parsed: unknown = JSON.parse(prop);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry): OfferedProduct[] =>
      Array.isArray(entry) && entry.every((part) => typeof part === 'string') && entry.length === 3
        ? [{ slug: entry[0] as string, name: entry[1] as string, lengths: entry[2] as string }]
        : [],
    );
  } catch {
    return [];
  }
}

/** The island prop's text for a list of products. */
export const offeredProductsProp = (products: readonly OfferedProduct[]) =>
  JSON.stringify(products.map(({ slug, name, lengths }) => [slug, name, lengths]));

/** A line in the form: what is typed, and a key that stays with it when lines above are removed. */
export type LineState = RequestLineInput & { key: number };

export type LineErrors = ReturnType<typeof requestLineErrors>;
export type LinePart = keyof RequestLineInput;

let nextKey = 0;
export function newLine(product = ''): LineState {
  nextKey += 1;
  return { key: nextKey, product, length: '', quantity: '', unit: REQUEST_LINE_UNITS[0], samples: false };
}

/** The element id of one part of one line, so a message and the first wrong part can be found. */
export const linePartId = (formId: string, line: Pick<LineState, 'key'>, part: LinePart) =>
  `${formId}-line-${line.key}-${part}`;

type RequestLinesPartProps = {
  formId: string;
  products: readonly OfferedProduct[];
  lines: readonly LineState[];
  errors: readonly LineErrors[];
  /** `<key>:<part>` of each part the visitor has left, or every part after a send was tried. */
  touched: ReadonlySet<string>;
  /** False until the form's code has taken over: the buttons wait, like the submit button. */
  interactive: boolean;
  onAdd: () => void;
  onRemove: (key: number) => void;
  onChange: (key: number, part: LinePart, value: string | boolean) => void;
  onLeave: (key: number, part: LinePart) => void;
};

/** The parts of a line typed or chosen as text (all but the samples' checkbox). */
type TextPart = Exclude<LinePart, 'samples'>;

/**
 * One part of a request line: its label (with "(optional)" after it when the part may stay empty),
 * its control (the child), and its message beneath once it is shown.
 */
function LineField({
  part,
  controlId,
  label,
  error,
  optional = false,
  children,
}: {
  part: TextPart;
  controlId: string;
  label: string;
  error: string | undefined;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`field request-line__${part}`}>
      <label htmlFor={controlId} className="field__label">
        {label}
        {optional ? (
          <>
            {' '}
            <span className="field__optional">(optional)</span>
          </>
        ) : null}
      </label>
      {children}
      {error ? (
        <p id={`${controlId}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function RequestLinesPart({
  formId,
  products,
  lines,
  errors,
  touched,
  interactive,
  onAdd,
  onRemove,
  onChange,
  onLeave,
}: RequestLinesPartProps) {
  const legendId = `${formId}-lines-legend`;
  return (
    <fieldset className="request-lines field--wide" aria-labelledby={legendId}>
      <legend id={legendId} className="field__label">
        What do you need <span className="field__optional">(optional)</span>
      </legend>
      <p className="request-lines__hint">
        Add the products you would like a quote for; up to {MAX_REQUEST_LINES} lines. Leave a quantity empty
        to get the {PRICE_LIST_TEXT}.
      </p>
      {lines.length > 0 ? (
        <ol className="request-lines__list">
          {lines.map((line, index) => {
            const lineErrors = errors[index] ?? {};
            const product = products.find((offered) => offered.slug === line.product);
            const id = (part: LinePart) => linePartId(formId, line, part);
            const shown = (part: LinePart) =>
              interactive && touched.has(`${line.key}:${part}`) ? lineErrors[part] : undefined;
            const fieldOf = (part: TextPart) => ({ part, controlId: id(part), error: shown(part) });
            const control = (part: TextPart) => ({
              id: id(part),
              className: 'field__control',
              value: line[part],
              'aria-invalid': shown(part) ? true : undefined,
              'aria-describedby': shown(part) ? `${id(part)}-error` : undefined,
              onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
                onChange(line.key, part, event.target.value),
              onBlur: () => onLeave(line.key, part),
            });
            return (
              <li key={line.key} className="request-line" aria-label={`Line ${index + 1}`}>
                <LineField {...fieldOf('product')} label={`Product (line ${index + 1})`}>
                  <select {...control('product')}>
                    <option value="" disabled>
                      Choose a product
                    </option>
                    {products.map((offered) => (
                      <option key={offered.slug} value={offered.slug}>
                        {offered.name}
                      </option>
                    ))}
                  </select>
                </LineField>
                <LineField {...fieldOf('length')} label="Length" optional>
                  <input
                    {...control('length')}
                    type="text"
                    autoComplete="off"
                    maxLength={MAX_LINE_LENGTH_TEXT}
                    placeholder={product?.lengths ? `e.g. ${product.lengths}` : 'e.g. 22 inch'}
                  />
                </LineField>
                <LineField {...fieldOf('quantity')} label="Quantity" optional>
                  <input {...control('quantity')} type="text" inputMode="numeric" autoComplete="off" />
                </LineField>
                <LineField {...fieldOf('unit')} label="Unit">
                  <select {...control('unit')}>
                    {REQUEST_LINE_UNITS.map((unit) => (
                      <option key={unit} value={unit}>
                        {unit}
                      </option>
                    ))}
                  </select>
                </LineField>
                <div className="field field--checkbox request-line__samples">
                  <input
                    id={id('samples')}
                    type="checkbox"
                    className="field__checkbox"
                    checked={line.samples}
                    onChange={(event) => onChange(line.key, 'samples', event.target.checked)}
                  />
                  <label htmlFor={id('samples')}>Samples first</label>
                </div>
                <button
                  type="button"
                  className="button button--outline request-line__remove"
                  onClick={() => onRemove(line.key)}
                  disabled={!interactive}
                >
                  Remove <span className="visually-hidden">line {index + 1}</span>
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      {lines.length < MAX_REQUEST_LINES ? (
        <button
          type="button"
          className="button button--outline request-lines__add"
          onClick={onAdd}
          disabled={!interactive}
        >
          {lines.length === 0 ? 'Add a product' : 'Add another product'}
        </button>
      ) : (
        <p className="request-lines__hint">
          That is the most one enquiry can hold: say the rest in your message.
        </p>
      )}
    </fieldset>
  );
}
