import { useId } from 'react';
import { PlusMinusIcon } from '../../components/icons';
import type { FaqItem } from '../../content/types';
import { FAQ_ITEM_CLASS, FAQ_TOGGLE_CLASS } from './faq-toggle';
import './faq.css';

/**
 * The FAQ accordion: one button per question with a plus/minus icon, every item collapsed at
 * first (the spec's `expanded` starts false); faq-toggle.ts opens and closes them in the browser. Answers stay in the HTML, so they are readable without JavaScript.
 */
export function FaqList({ items, headingLevel = 3 }: { items: FaqItem[]; headingLevel?: 2 | 3 }) {
  const baseId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <div className="faq">
      {items.map((item, index) => {
        const open = false;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question} className={open ? `${FAQ_ITEM_CLASS} faq__item--open` : FAQ_ITEM_CLASS}>
            <Heading className="faq__question">
              <button
                type="button"
                id={buttonId}
                className={FAQ_TOGGLE_CLASS}
                aria-expanded={open}
                aria-controls={panelId}
              >
                <span>{item.question}</span>
                <span className="faq__icon">
                  <PlusMinusIcon size={20} />
                </span>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!open}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
