import { ENQUIRY_COLLECTIONS, type EnquiryCollection } from '@contract/enquiry/collections';
import { FORM_LABELS, type ChartWeek } from '../inbox-model';

export type WeeklyCounts = { weeks: ChartWeek[]; counts: Record<EnquiryCollection, number[]> };

const SERIES_CLASS: Record<EnquiryCollection, string> = {
  'SME-enquiry-form': 'inbox-chart__bar--full',
  'SME-popup-enquiry-form': 'inbox-chart__bar--popup',
};

/**
 * Enquiries per week by form, two bars a week, drawn with boxes and text at the page's own sizes
 * (legible on a phone); the numbers are also a table for screen readers.
 */
export function WeeklyChart({ data }: { data: WeeklyCounts }) {
  const { weeks, counts } = data;
  const max = Math.max(1, ...ENQUIRY_COLLECTIONS.flatMap((collection) => counts[collection]));
  const total = (collection: EnquiryCollection) => counts[collection].reduce((sum, n) => sum + n, 0);
  return (
    <figure className="inbox-chart">
      <figcaption className="inbox-chart__caption">
        Enquiries per week, last {weeks.length} weeks:{' '}
        {ENQUIRY_COLLECTIONS.map((collection, index) => (
          <span key={collection} className="inbox-chart__key">
            {index > 0 && ', '}
            <span className={`inbox-chart__swatch ${SERIES_CLASS[collection]}`} aria-hidden="true" />
            {FORM_LABELS[collection]} {total(collection)}
          </span>
        ))}
      </figcaption>
      <div className="inbox-chart__plot" aria-hidden="true">
        {weeks.map((week, index) => (
          <div key={week.start.toISOString()} className="inbox-chart__week">
            <div className="inbox-chart__bars">
              {ENQUIRY_COLLECTIONS.map((collection) => {
                const value = counts[collection][index] ?? 0;
                return (
                  <span
                    key={collection}
                    className={`inbox-chart__bar ${SERIES_CLASS[collection]}`}
                    style={{ height: `${(value / max) * 100}%` }}
                    title={`${FORM_LABELS[collection]}, week of ${week.label}: ${value}`}
                  />
                );
              })}
            </div>
            <span className="inbox-chart__label">
              {index % 2 === (weeks.length - 1) % 2 ? week.label : ''}
            </span>
          </div>
        ))}
      </div>
      <table className="visually-hidden">
        <caption>Enquiries per week by form</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            {ENQUIRY_COLLECTIONS.map((collection) => (
              <th key={collection} scope="col">
                {FORM_LABELS[collection]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, index) => (
            <tr key={week.start.toISOString()}>
              <th scope="row">{week.label}</th>
              {ENQUIRY_COLLECTIONS.map((collection) => (
                <td key={collection}>{counts[collection][index] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
