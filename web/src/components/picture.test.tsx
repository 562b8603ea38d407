import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { imageKeys, imageSpecs, type ImageKey } from '@contract/site/image-specs';
import {
  createPicture,
  imageUrl,
  intrinsicSizes,
  Picture,
  resolvePictureSources,
  usefulWidths,
  widestDrawn,
} from './picture';

/** A build output as the glob reports it: every width of every key in both formats. */
function builtAssets(except: string[] = []): Record<string, string> {
  const assets: Record<string, string> = {};
  for (const key of imageKeys) {
    for (const width of imageSpecs[key].widths) {
      for (const format of ['avif', 'webp']) {
        const name = `${key}-${width}.${format}`;
        if (!except.includes(name))
          assets[`../assets/generated/${name}`] = `/assets/${key}-${width}-h4sh.${format}`;
      }
    }
  }
  return assets;
}

const artAssets = Object.fromEntries(
  imageKeys.map((key) => [`../assets/art/${key}.svg`, `/assets/${key}-h4sh.svg`]),
);

const BuiltPicture = createPicture(builtAssets(), artAssets);
const UnbuiltPicture = createPicture({}, artAssets);

function pictureParts(container: HTMLElement) {
  const picture = container.querySelector('picture');
  const img = container.querySelector('img');
  if (!picture || !img) throw new Error('no <picture> with an <img> was rendered');
  return {
    picture,
    img,
    avif: picture.querySelector('source[type="image/avif"]'),
  };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the widths a picture lists', () => {
  it('reads the widest a picture is drawn from its sizes, in CSS pixels', () => {
    expect(widestDrawn('6rem')).toBe(96);
    expect(widestDrawn('(max-width: 676px) 7rem, (max-width: 1099px) 45vw, 360px')).toBeCloseTo(494.55);
    expect(widestDrawn('(max-width: 900px) 92vw, 540px')).toBe(828);
    expect(widestDrawn('100vw')).toBe(Infinity);
    expect(widestDrawn('calc(100vw - 2rem)')).toBe(Infinity);
  });

  it('lists widths up to the first that fills a screen of three device pixels per CSS pixel', () => {
    expect(usefulWidths([240, 480, 720, 960], '6rem')).toEqual([240, 480]);
    expect(usefulWidths([240, 480, 720, 960], '5rem')).toEqual([240]);
    expect(usefulWidths([240, 400, 800], '(max-width: 676px) 7rem, 360px')).toEqual([240, 400, 800]);
    expect(usefulWidths([480, 768, 1280, 1920], '100vw')).toEqual([480, 768, 1280, 1920]);
  });

  it('gives a thumbnail only the files it can use, its fallback among them', () => {
    const { container } = render(<BuiltPicture image="about" alt="" sizes="6rem" />);
    const { avif, img } = pictureParts(container);
    expect(avif?.getAttribute('srcset')).toBe(
      '/assets/about-240-h4sh.avif 240w, /assets/about-480-h4sh.avif 480w',
    );
    expect(img).toHaveAttribute('src', '/assets/about-480-h4sh.webp');
  });
});

describe('Picture with built images', () => {
  it('offers AVIF, listing every published width for the given sizes, and the <img> a WebP', () => {
    const { container } = render(
      <BuiltPicture image="hero" alt="" sizes="100vw" priority className="hero__image" />,
    );
    const { picture, avif, img } = pictureParts(container);
    const sources = [...picture.querySelectorAll('source')].map((source) => source.getAttribute('type'));
    expect(sources).toEqual(['image/avif']);
    expect(avif?.getAttribute('srcset')).toBe(
      '/assets/hero-480-h4sh.avif 480w, /assets/hero-768-h4sh.avif 768w, /assets/hero-1280-h4sh.avif 1280w, /assets/hero-1920-h4sh.avif 1920w',
    );
    expect(avif?.getAttribute('sizes')).toBe('100vw');
    expect(img).toHaveAttribute('src', '/assets/hero-768-h4sh.webp');
    expect(picture).toHaveClass('hero__image');
  });

  it('gives the <img> a WebP fallback and the intrinsic size, so the page reserves the space', () => {
    const { container } = render(
      <BuiltPicture image="machine-weft" alt="A machine weft" sizes="(max-width: 676px) 92vw, 340px" />,
    );
    const { img } = pictureParts(container);
    expect(img).toHaveAttribute('src', '/assets/machine-weft-800-h4sh.webp');
    expect(img).toHaveAttribute('width', '800');
    expect(img).toHaveAttribute('height', '1000');
  });

  it('loads lazily and decodes off the main thread by default', () => {
    const { container } = render(<BuiltPicture image="about" alt="Temple tower" sizes="460px" />);
    const { img } = pictureParts(container);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('loads the priority (LCP) picture eagerly and with high fetch priority', () => {
    const { container } = render(<BuiltPicture image="hero" alt="" sizes="100vw" priority />);
    const { img } = pictureParts(container);
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('decoding', 'async');
  });

  it('describes the picture with its alt text, and hides a decorative one from assistive technology', () => {
    render(
      <BuiltPicture image="back-clip-ponytail" alt="A ponytail held by a gold claw clip" sizes="340px" />,
    );
    expect(screen.getByRole('img', { name: 'A ponytail held by a gold claw clip' })).toBeInTheDocument();

    const { container } = render(<BuiltPicture image="hero" alt="" sizes="100vw" />);
    expect(pictureParts(container).img).toHaveAttribute('alt', '');
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });
});

describe('Picture before the image build', () => {
  it('shows the SVG artwork instead of an empty source', () => {
    const { container } = render(
      <UnbuiltPicture image="i-tip-extensions" alt="I-tip strands" sizes="340px" />,
    );
    const { picture, img } = pictureParts(container);
    expect(picture.querySelectorAll('source')).toHaveLength(0);
    expect(img).toHaveAttribute('src', '/assets/i-tip-extensions-h4sh.svg');
    expect(img).toHaveAttribute('width', '800');
    expect(img).toHaveAttribute('height', '1000');
  });

  it('falls back to the artwork when a width is missing rather than listing a broken srcset', () => {
    const sources = resolvePictureSources('hero', builtAssets(['hero-768.avif']), artAssets);
    expect(sources).toEqual({ avifSrcSet: '', src: '/assets/hero-h4sh.svg' });
  });

  it('refuses a key that has no picture, naming it', () => {
    expect(() => resolvePictureSources('raw-hair-99-inch', builtAssets(), artAssets)).toThrow(
      'raw-hair-99-inch',
    );
  });
});

describe('Picture as the site bundles it', () => {
  it.each(imageKeys)('renders %s with a real source for the <img>', (key) => {
    const { container } = render(<Picture image={key} alt="" sizes="100vw" />);
    const src = pictureParts(container).img.getAttribute('src') ?? '';
    expect(src).toMatch(new RegExp(`/${key}(-\\d+\\.webp|\\.svg)`));
    expect(imageUrl(key)).toMatch(new RegExp(`/${key}(-${imageSpecs[key].widths.at(-1)}\\.webp|\\.svg)`));
  });

  it('hydrates the server-rendered markup without a mismatch', async () => {
    const element = (
      <main>
        <Picture image="hero" alt="" sizes="100vw" priority className="hero__image" />
        <Picture image="raw-hair-27-inch-plus" alt="A long bundle of raw hair" sizes="340px" />
      </main>
    );
    const html = renderToString(element);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const consoleError = vi.spyOn(console, 'error');
    const recoverableErrors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, element, { onRecoverableError: (error) => recoverableErrors.push(error) });
    });
    expect(recoverableErrors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    // Compared as parsed HTML: the server writes attribute names like srcSet, which HTML reads case-insensitively.
    const serverDom = document.createElement('div');
    serverDom.innerHTML = html;
    expect(container.innerHTML).toBe(serverDom.innerHTML);
    container.remove();
  });
});

describe('intrinsic sizes', () => {
  it('are the largest published size of each key, in its aspect ratio', () => {
    expect(intrinsicSizes.hero).toEqual({ width: 1920, height: 1200 });
    expect(intrinsicSizes.about).toEqual({ width: 960, height: 720 });
    expect(intrinsicSizes['category-remy-hair-extensions']).toEqual({ width: 960, height: 720 });
    expect(intrinsicSizes['traditional-braid-extension']).toEqual({ width: 800, height: 1000 });
    for (const key of imageKeys as ImageKey[]) {
      const [w, h] = imageSpecs[key].aspect;
      expect(intrinsicSizes[key].width * h).toBe(intrinsicSizes[key].height * w);
    }
  });
});
