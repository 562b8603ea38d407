import { useId, useState } from 'react';
import { MinusIcon, PlusIcon } from '../../components/icons';
import type { FaqItem } from '../../content/types';
import './faq.css';

/**
 * The FAQ accordion: one button per question with a plus/minus icon; each click toggles that item
 * (items start collapsed). Answers stay in the HTML, so they are readable without JavaScript.
 */
export function FaqList({ items, headingLevel = 3 }: { items: FaqItem[]; headingLevel?: 2 | 3 }) {
  const [expanded, setExpanded] = useState<boolean[]>(() => items.map(() => false));
  const baseId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const toggle = (index: number) =>
    setExpanded((current) => current.map((open, position) => (position === index ? !open : open)));

  return (
    <div className="faq">
      {items.map((item, index) => {
        const open = expanded[index] ?? false;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question} className={open ? 'faq__item faq__item--open' : 'faq__item'}>
            <Heading className="faq__question">
              <button
                type="button"
                id={buttonId}
                className="faq__toggle"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(index)}
              >
                <span>{item.question}</span>
                <span className="faq__icon">{open ? <MinusIcon size={20} /> : <PlusIcon size={20} />}</span>
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
