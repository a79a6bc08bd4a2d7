import { describe, expect, it } from 'vitest';
import { imageSources, responsiveImageSources } from './product-card.tsx';

describe('image sources through the image pipeline', () => {
  it('offer a fixed-width image at 1x and 2x', () => {
    expect(imageSources('swatches/cord/black.svg', 320)).toEqual({
      src: '/images/swatches/cord/black.svg?w=320',
      srcSet: '/images/swatches/cord/black.svg?w=320 1x, /images/swatches/cord/black.svg?w=320&dpr=2 2x',
    });
  });

  it('offer a screen-wide image at each served width and the widest drawn file, with the shown size', () => {
    expect(responsiveImageSources('banners/home.svg', [640, 960, 1280, 1920], '(min-width: 768px) 100vw, 167vw', 'banner')).toEqual({
      src: '/images/banners/home.svg?w=1920&preset=banner',
      srcSet:
        '/images/banners/home.svg?w=640&preset=banner 640w, /images/banners/home.svg?w=960&preset=banner 960w, ' +
        '/images/banners/home.svg?w=1280&preset=banner 1280w, /images/banners/home.svg?w=1920&preset=banner 1920w, ' +
        '/images/banners/home.svg?w=1280&dpr=2&preset=banner 2560w',
      sizes: '(min-width: 768px) 100vw, 167vw',
    });
  });
});
