import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { generalFaqs } from '../../content/faqs';
import { FaqList } from './faq-list';

it('starts with every answer collapsed and toggles one item per click', () => {
  render(<FaqList items={generalFaqs} />);
  const buttons = screen.getAllByRole('button');
  expect(buttons).toHaveLength(13);
  buttons.forEach((button) => expect(button).toHaveAttribute('aria-expanded', 'false'));

  const [first, second] = buttons;
  const firstAnswer = document.getElementById(first?.getAttribute('aria-controls') ?? '');
  expect(firstAnswer).not.toBeVisible();

  fireEvent.click(first as HTMLElement);
  expect(first).toHaveAttribute('aria-expanded', 'true');
  expect(firstAnswer).toBeVisible();
  expect(firstAnswer).toHaveTextContent(generalFaqs[0]?.answer ?? '');
  expect(second).toHaveAttribute('aria-expanded', 'false');

  fireEvent.click(second as HTMLElement);
  expect(first).toHaveAttribute('aria-expanded', 'true');
  expect(second).toHaveAttribute('aria-expanded', 'true');

  fireEvent.click(first as HTMLElement);
  expect(first).toHaveAttribute('aria-expanded', 'false');
  expect(firstAnswer).not.toBeVisible();
});
