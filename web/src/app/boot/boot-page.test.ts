import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEFT_CONTROLS_GLOBAL } from '../../features/enquiry/prerendered-form';
import { bootPage, START_ANYWAY_MS, STYLED_ATTRIBUTE, takePressedButton } from './boot-page';

/** Paint timing as the browser reports it: the test says when the first content is painted. */
class FakePaintObserver {
  static paint: (() => void) | null = null;
  constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {}
  observe() {
    FakePaintObserver.paint = () =>
      this.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
  }
}

function bootScript(modules = '/assets/index.js /assets/react.js /assets/form.js') {
  const script = document.createElement('script');
  script.setAttribute('data-style', '/assets/style.css');
  script.setAttribute('data-modules', modules);
  document.body.append(script);
  return script;
}

const added = () =>
  Array.from(document.head.children).map((element) =>
    element instanceof HTMLScriptElement
      ? `script ${element.type} ${new URL(element.src).pathname}`
      : `link ${(element as HTMLLinkElement).rel} ${new URL((element as HTMLLinkElement).href).pathname}`,
  );

beforeEach(() => {
  // The boot script runs while the page is still loading (it is the last thing in <body>).
  Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
  vi.useFakeTimers();
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 0));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(new ArrayBuffer(8))),
  );
});

afterEach(() => {
  delete (document as { readyState?: string }).readyState;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakePaintObserver.paint = null;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(STYLED_ATTRIBUTE);
});

describe('the boot script', () => {
  it('adds the stylesheet, the entry module and its preloads only once the first screen is painted', async () => {
    bootPage(bootScript(), window);
    await vi.advanceTimersByTimeAsync(100);
    expect(added()).toEqual([]);

    FakePaintObserver.paint?.();
    await vi.advanceTimersByTimeAsync(1);
    expect(added()).toEqual([
      'link stylesheet /assets/style.css',
      'script module /assets/index.js',
      'link modulepreload /assets/react.js',
      'link modulepreload /assets/form.js',
    ]);
    // What the inline CSS keeps out of sight below the first screen shows once the stylesheet is in.
    expect(document.documentElement).not.toHaveAttribute(STYLED_ATTRIBUTE);
    document.head.querySelector('link[rel="stylesheet"]')?.dispatchEvent(new Event('load'));
    expect(document.documentElement).toHaveAttribute(STYLED_ATTRIBUTE);
  });

  it('waits for the hero picture too, when the page has one', async () => {
    document.body.innerHTML = '<img fetchpriority="high" src="/hero.avif" alt="">';
    bootPage(bootScript(), window);
    FakePaintObserver.paint?.();
    await vi.advanceTimersByTimeAsync(100);
    expect(added()).toEqual([]);
    document.querySelector('img')?.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(1);
    expect(added()).toContain('script module /assets/index.js');
  });

  it('starts anyway when no paint is reported in time, and only once', async () => {
    bootPage(bootScript(), window);
    await vi.advanceTimersByTimeAsync(START_ANYWAY_MS);
    expect(added()).toHaveLength(4);
    FakePaintObserver.paint?.();
    await vi.advanceTimersByTimeAsync(1);
    expect(added()).toHaveLength(4);
  });

  it('starts at once in a browser without paint timing', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    bootPage(bootScript('/assets/index.js'), window);
    expect(added()).toEqual(['link stylesheet /assets/style.css', 'script module /assets/index.js']);
  });

  it('notes every form field the visitor leaves before the code arrives', () => {
    document.body.innerHTML = '<form><input id="name"><input id="email"></form><input id="outside">';
    bootPage(bootScript(), window);
    for (const id of ['name', 'email', 'name', 'outside']) {
      document.getElementById(id)?.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    }
    expect((window as unknown as Record<string, unknown>)[LEFT_CONTROLS_GLOBAL]).toEqual(['name', 'email']);
  });

  it('links the web app manifest only after the load event', async () => {
    bootPage(bootScript(), window);
    FakePaintObserver.paint?.();
    await vi.advanceTimersByTimeAsync(1);
    expect(added()).not.toContain('link manifest /manifest.webmanifest');
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(1);
    expect(added()).toContain('link manifest /manifest.webmanifest');
  });
});

describe('a press before the code arrives', () => {
  it('is kept, the last button pressed, for the code to answer', () => {
    document.body.innerHTML =
      '<button id="menu"><span>Open menu</span></button><button id="faq">Q</button><p>text</p>';
    bootPage(bootScript(), window);
    document.querySelector('#menu span')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(takePressedButton()?.id).toBe('menu');
    expect(takePressedButton()).toBeNull();
    document.querySelector('p')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(takePressedButton()).toBeNull();
  });
});
