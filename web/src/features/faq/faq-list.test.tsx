import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { generalFaqs } from '../../content/faqs';
import { FaqList } from './faq-list';
import { enhanceFaqs } from './faq-toggle';

// The page's code gives every accordion its behaviour once, as entry-client.ts does.
beforeAll(() => enhanceFaqs(document));

it('starts with every answer collapsed and toggles one item per click', () => {
  render(<FaqList items={generalFaqs()} />);
  const buttons = screen.getAllByRole('button');
  expect(buttons).toHaveLength(13);
  buttons.forEach((button) => expect(button).toHaveAttribute('aria-expanded', 'false'));

  const [first, second] = buttons;
  const firstAnswer = document.getElementById(first?.getAttribute('aria-controls') ?? '');
  expect(firstAnswer).not.toBeVisible();

  fireEvent.click(first as HTMLElement);
  expect(first).toHaveAttribute('aria-expanded', 'true');
  expect(firstAnswer).toBeVisible();
  expect(firstAnswer).toHaveTextContent(generalFaqs()[0]?.answer ?? '');
  expect(second).toHaveAttribute('aria-expanded', 'false');

  fireEvent.click(second as HTMLElement);
  expect(first).toHaveAttribute('aria-expanded', 'true');
  expect(second).toHaveAttribute('aria-expanded', 'true');

  fireEvent.click(first as HTMLElement);
  expect(first).toHaveAttribute('aria-expanded', 'false');
  expect(firstAnswer).not.toBeVisible();
});

it('draws one plus whose upright stroke the stylesheet hides while open (a minus)', () => {
  render(<FaqList items={generalFaqs().slice(0, 1)} />);
  const button = screen.getByRole('button');
  expect(button.querySelectorAll('svg')).toHaveLength(1);
  expect(button.querySelectorAll('svg path')).toHaveLength(2);
  expect(button.querySelector('svg .icon-upright')).toHaveAttribute('d', 'M12 5v14');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(button.closest('.faq__item')).toHaveClass('faq__item--open');
});
