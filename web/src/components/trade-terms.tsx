import { useId } from 'react';
import { siteFacts, tradeTerms } from '../content/site-content';
import './trade-terms.css';

/**
 * What a buyer abroad checks before asking (the owner's trade terms): minimum order, lead time,
 * payment, Incoterms, samples and transit by region, with the export registrations that show a
 * real exporter. On every product page and on /enquiry, where a buyer decides to write.
 */
export function TradeTermsSection({ className }: { className?: string }) {
  const titleId = useId();
  const terms = tradeTerms();
  const { iec, gstin } = siteFacts();
  const rows: [string, string][] = [
    ['Minimum order', terms.minimumOrder],
    ['Lead time', terms.leadTime],
    ['Payment', terms.paymentTerms],
    ['Incoterms', terms.incoterms.join(', ')],
    ['Samples', terms.samples],
  ];
  return (
    <section className={['trade-terms', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className="trade-terms__title">
        Trade terms
      </h2>
      <dl className="trade-terms__list">
        {rows.map(([label, value]) => (
          <div key={label} className="trade-terms__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="trade-terms__row">
          <dt>Transit</dt>
          <dd>
            <ul className="trade-terms__regions">
              {terms.shipping.map(({ region, minDays, maxDays }) => (
                <li key={region}>
                  {region}: {minDays === maxDays ? minDays : `${minDays}–${maxDays}`} days
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <p className="trade-terms__registrations">
        IEC {iec} · GSTIN {gstin}
      </p>
    </section>
  );
}
