import type { ReactNode } from 'react';
import type { WeekFigures } from '../response-view';
import type { ResponseFigures } from './use-response-figures';
import { WeeklyChart, type WeeklyCounts } from './weekly-chart';

/** A duration as one reads it: a number never parted from its unit at a line's end ("1 h"). */
const unbroken = (text: string) => text.replace(/(\d) (?=s\b|min\b|h\b|d\b)/g, '$1\u00a0');

/**
 * How fast leads are answered and how many arrive, folded into one line until it is opened: the
 * list comes first. The line itself says the figure that matters most this week.
 */
export function InboxSummary({
  figures,
  chart,
  leadSources,
  onOpen,
}: {
  figures: ResponseFigures | null;
  chart: WeeklyCounts | null;
  /** Where this month's enquiries came from, in one line; null until read. */
  leadSources: string | null;
  /** Called when the summary is opened (its chart loads then). */
  onOpen: () => void;
}) {
  const weeks = figures?.weeks;
  const thisWeek = weeks?.[0];
  return (
    <details
      className="inbox-summary"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) onOpen();
      }}
    >
      <summary className="inbox-summary__toggle">
        <span className="inbox-summary__title">
          Response times, weekly enquiries and where they came from
        </span>
        <span className="inbox-summary__teaser">
          {thisWeek
            ? unbroken(`This week: ${thisWeek.answered} answered, median ${thisWeek.median}`)
            : 'Loading the figures…'}
        </span>
      </summary>
      <div className="inbox-summary__body">
        {weeks && (
          <table className="inbox-figures">
            <caption className="inbox-figures__caption">
              Time to first contact (a call, WhatsApp or email from here, or a status past New)
            </caption>
            <thead>
              <tr>
                <td />
                {weeks.map((week) => (
                  <th key={week.label} scope="col">
                    {week.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(
                [
                  ['Answered', (week) => String(week.answered)],
                  ['Median', (week) => unbroken(week.median)],
                  ['90% of them', (week) => unbroken(week.p90)],
                  [
                    'Waited over 1\u00a0h',
                    (week) => (
                      <>
                        {week.answeredLate + week.stillWaiting}
                        {week.stillWaiting > 0 && (
                          <span className="inbox-figures__note"> ({week.stillWaiting} still waiting)</span>
                        )}
                      </>
                    ),
                  ],
                ] as [string, (week: WeekFigures) => ReactNode][]
              ).map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {weeks.map((week) => (
                    <td key={week.label}>{value(week)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {figures && (
          <p className="inbox-summary__reply-speed" data-reply-speed>
            {unbroken(figures.replySpeed)}
          </p>
        )}
        {figures && (
          <p className="inbox-summary__mail-usage" data-mail-usage>
            {figures.mailUsage}
          </p>
        )}
        {chart ? <WeeklyChart data={chart} /> : <p className="inbox-hint">Loading the weekly chart…</p>}
        <p className="inbox-summary__sources" data-lead-sources>
          {leadSources === null
            ? 'Loading where this month’s enquiries came from…'
            : `This month: ${leadSources}`}
        </p>
      </div>
    </details>
  );
}
