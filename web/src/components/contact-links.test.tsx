import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextWithContacts } from './contact-links';

// As in a visitor's browser: no render named the owner's content, so the links come from the page.
vi.mock('../content/site-content', async (original) => ({
  ...(await original<typeof import('../content/site-content')>()),
  hasSiteContent: () => false,
}));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('copy that quotes the business’s contacts, drawn in the browser', () => {
  it('links the phone and the address the page itself links', () => {
    document.body.innerHTML =
      '<footer><a href="tel:+919876543210">+91 98765 43210</a> <a href="mailto:sales@example.com">sales@example.com</a></footer>';
    const { container } = render(
      <TextWithContacts text="Write to sales@example.com or call +91 98765 43210 today." />,
    );
    expect(container).toHaveTextContent('Write to sales@example.com or call +91 98765 43210 today.');
    expect(container.querySelector('a[href="mailto:sales@example.com"]')).not.toBeNull();
    expect(container.querySelector('a[href="tel:+919876543210"]')).not.toBeNull();
  });

  it('shows the text as it is on a page that links neither', () => {
    const { container } = render(<TextWithContacts text="Please try again in a minute." />);
    expect(container).toHaveTextContent('Please try again in a minute.');
    expect(container.querySelectorAll('a')).toHaveLength(0);
  });
});
