/**
 * jsdom lacks a few browser APIs the site uses. These stand-ins behave like the browser's for
 * what the tests exercise; the real ones are covered by the Chromium suite in tests/e2e.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { renderContent } from '../content/site-content';
import { seedContent } from '../content/seed-content';
import { FakeIntersectionObserver } from './fake-intersection-observer';

// What a page renders: the committed seed, as a fresh build does.
renderContent(seedContent);

// Pages are code-split: the first import of a page module takes a moment under the test transform.
configure({ asyncUtilTimeout: 5000 });

window.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
window.scrollTo = (() => undefined) as typeof window.scrollTo;

if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  cleanup();
  FakeIntersectionObserver.reset();
  window.sessionStorage.clear();
});
