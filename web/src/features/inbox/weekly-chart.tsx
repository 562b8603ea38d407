import { ENQUIRY_COLLECTIONS, type EnquiryCollection } from '@contract/enquiry';
import { FORM_LABELS, type ChartWeek } from './inbox-model';

export type WeeklyCounts = { weeks: ChartWeek[]; counts: Record<EnquiryCollection, number[]> };

const WIDTH = 640;
const HEIGHT = 220;
const PLOT = { left: 34, right: 8, top: 12, bottom: 34 };
const SERIES_CLASS: Record<EnquiryCollection, string> = {
  'SME-enquiry-form': 'inbox-chart__bar--full',
  'SME-popup-enquiry-form': 'inbox-chart__bar--popup',
};

/** A tick every 1, 2, 5, 10 … so there are at most five. */
function tickStep(max: number): number {
  for (const step of [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]) if (max / step <= 5) return step;
  return Math.ceil(max / 5);
}

/** Enquiries per week by form, as two bars a week, drawn as inline SVG; the numbers are also a table. */
export function WeeklyChart({ data }: { data: WeeklyCounts }) {
  const { weeks, counts } = data;
  const max = Math.max(1, ...ENQUIRY_COLLECTIONS.flatMap((collection) => counts[collection]));
  const step = tickStep(max);
  const top = Math.ceil(max / step) * step;
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / weeks.length;
  const barWidth = (slot * 0.7) / ENQUIRY_COLLECTIONS.length;
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;
  const ticks = Array.from({ length: top / step + 1 }, (_, index) => index * step);
  const total = (collection: EnquiryCollection) => counts[collection].reduce((sum, n) => sum + n, 0);
  const summary = `Enquiries per week, last ${weeks.length} weeks: ${ENQUIRY_COLLECTIONS.map(
    (collection) => `${FORM_LABELS[collection]} ${total(collection)}`,
  ).join(', ')}.`;

  return (
    <figure className="inbox-chart">
      <figcaption className="inbox-chart__caption">
        Enquiries per week, last {weeks.length} weeks
        <span className="inbox-chart__legend" aria-hidden="true">
          {ENQUIRY_COLLECTIONS.map((collection) => (
            <span key={collection} className="inbox-chart__key">
              <span className={`inbox-chart__swatch ${SERIES_CLASS[collection]}`} />
              {FORM_LABELS[collection]}
            </span>
          ))}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="inbox-chart__svg" role="img" aria-label={summary}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              className="inbox-chart__grid"
              x1={PLOT.left}
              x2={WIDTH - PLOT.right}
              y1={y(tick)}
              y2={y(tick)}
            />
            <text className="inbox-chart__tick" x={PLOT.left - 6} y={y(tick) + 4} textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {weeks.map((week, index) => {
          const x0 = PLOT.left + index * slot + slot * 0.15;
          return (
            <g key={week.start.toISOString()}>
              {ENQUIRY_COLLECTIONS.map((collection, series) => {
                const value = counts[collection][index] ?? 0;
                return (
                  <rect
                    key={collection}
                    className={`inbox-chart__bar ${SERIES_CLASS[collection]}`}
                    x={x0 + series * barWidth}
                    y={y(value)}
                    width={barWidth - 1}
                    height={Math.max(0, PLOT.top + plotHeight - y(value))}
                  />
                );
              })}
              {index % 2 === weeks.length % 2 ? null : (
                <text
                  className="inbox-chart__tick"
                  x={PLOT.left + index * slot + slot / 2}
                  y={HEIGHT - PLOT.bottom + 16}
                  textAnchor="middle"
                >
                  {week.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
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
