import { useId } from 'react';
import { generalFaqs } from '../../content/faqs';
import { FaqList } from './faq-list';

/** The thirteen general questions, as a section of their own (home and products pages). */
export function GeneralFaqSection() {
  const titleId = useId();
  return (
    <section className="section section--muted" aria-labelledby={titleId}>
      <div className="container">
        <div className="section-heading section-heading--center">
          <p className="eyebrow">FAQ</p>
          <h2 id={titleId}>Frequently Asked Questions</h2>
        </div>
        <FaqList items={generalFaqs()} />
      </div>
    </section>
  );
}
