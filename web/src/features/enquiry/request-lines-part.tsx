/**
 * The full form's optional "What do you need" part: lines of a product from the catalogue, a
 * length, a quantity and a unit, and whether samples should come first (the contract's
 * request-lines.ts). Only the product is needed: a line without a quantity asks for the price list. The products come from the page the form wakes in (its island props, written
 * at prerender from the owner's content), so the browser never needs the content itself.
 */
import {
  MAX_LINE_LENGTH_TEXT,
  MAX_REQUEST_LINES,
  PRICE_LIST_TEXT,
  REQUEST_LINE_UNITS,
  requestLineErrors,
  type RequestLineInput,
} from '@contract/request-lines';

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
            const described = (part: LinePart) => (shown(part) ? `${id(part)}-error` : undefined);
            const message = (part: LinePart) =>
              shown(part) ? (
                <p id={`${id(part)}-error`} className="field__error">
                  {shown(part)}
                </p>
              ) : null;
            return (
              <li key={line.key} className="request-line" aria-label={`Line ${index + 1}`}>
                <div className="field request-line__product">
                  <label htmlFor={id('product')} className="field__label">
                    Product (line {index + 1})
                  </label>
                  <select
                    id={id('product')}
                    className="field__control"
                    value={line.product}
                    aria-invalid={shown('product') ? true : undefined}
                    aria-describedby={described('product')}
                    onChange={(event) => onChange(line.key, 'product', event.target.value)}
                    onBlur={() => onLeave(line.key, 'product')}
                  >
                    <option value="" disabled>
                      Choose a product
                    </option>
                    {products.map((offered) => (
                      <option key={offered.slug} value={offered.slug}>
                        {offered.name}
                      </option>
                    ))}
                  </select>
                  {message('product')}
                </div>
                <div className="field request-line__length">
                  <label htmlFor={id('length')} className="field__label">
                    Length <span className="field__optional">(optional)</span>
                  </label>
                  <input
                    id={id('length')}
                    className="field__control"
                    type="text"
                    autoComplete="off"
                    maxLength={MAX_LINE_LENGTH_TEXT}
                    placeholder={product?.lengths ? `e.g. ${product.lengths}` : 'e.g. 22 inch'}
                    value={line.length}
                    aria-invalid={shown('length') ? true : undefined}
                    aria-describedby={described('length')}
                    onChange={(event) => onChange(line.key, 'length', event.target.value)}
                    onBlur={() => onLeave(line.key, 'length')}
                  />
                  {message('length')}
                </div>
                <div className="field request-line__quantity">
                  <label htmlFor={id('quantity')} className="field__label">
                    Quantity <span className="field__optional">(optional)</span>
                  </label>
                  <input
                    id={id('quantity')}
                    className="field__control"
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    value={line.quantity}
                    aria-invalid={shown('quantity') ? true : undefined}
                    aria-describedby={described('quantity')}
                    onChange={(event) => onChange(line.key, 'quantity', event.target.value)}
                    onBlur={() => onLeave(line.key, 'quantity')}
                  />
                  {message('quantity')}
                </div>
                <div className="field request-line__unit">
                  <label htmlFor={id('unit')} className="field__label">
                    Unit
                  </label>
                  <select
                    id={id('unit')}
                    className="field__control"
                    value={line.unit}
                    aria-invalid={shown('unit') ? true : undefined}
                    aria-describedby={described('unit')}
                    onChange={(event) => onChange(line.key, 'unit', event.target.value)}
                    onBlur={() => onLeave(line.key, 'unit')}
                  >
                    {REQUEST_LINE_UNITS.map((unit) => (
                      <option key={unit} value={unit}>
                        {unit}
                      </option>
                    ))}
                  </select>
                  {message('unit')}
                </div>
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
