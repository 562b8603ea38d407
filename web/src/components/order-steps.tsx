import type { OrderStep } from '../content/ordering';

type OrderStepsProps = {
  steps: OrderStep[];
  title: string;
  /** Short facts shown under the steps. */
  facts?: string[];
  headingLevel?: 'h2' | 'h3';
  className?: string;
};

/** "How an order works": numbered steps from enquiry to dispatch, with the facts a buyer checks. */
export function OrderSteps({ steps, title, facts, headingLevel = 'h2', className }: OrderStepsProps) {
  const Heading = headingLevel;
  return (
    <div className={['order-steps', className].filter(Boolean).join(' ')}>
      <Heading className="order-steps__title">{title}</Heading>
      <ol className="order-steps__list">
        {steps.map((step) => (
          <li key={step.title} className="order-steps__step">
            <span className="order-steps__name">{step.title}</span>
            <span className="order-steps__text">{step.text}</span>
          </li>
        ))}
      </ol>
      {facts?.length ? (
        <ul className="order-steps__facts">
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
