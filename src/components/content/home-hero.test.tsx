import { colord, extend } from 'colord';
import mix from 'colord/plugins/mix';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { contrastWithWhite, MIN_CONTRAST } from '../../core/settings/accent-colour.ts';
import { HERO_VEIL_OPACITY, HomeHero } from './home-hero.tsx';

extend([mix]);

const photo = {
  src: '/images/hero1',
  alt: 'Club',
  stored: { url: '/images/hero1', width: 1600, height: 900, widths: [320, 640, 1280, 1600], placeholder: '#88aa66' },
};

describe('HomeHero', () => {
  it('keeps white text AA over any photo: the veil over pure white is still dark enough', () => {
    // sRGB compositing of black at the veil's opacity over the brightest possible pixel.
    const worst = colord('#000000')
      .mix('#ffffff', 1 - HERO_VEIL_OPACITY)
      .toHex();
    expect(contrastWithWhite(worst)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    const html = renderToStaticMarkup(<HomeHero clubName="Oakfield" tagline="" photo={photo} />);
    expect(html).toContain(`bg-black/${HERO_VEIL_OPACITY * 100}`);
  });

  it('loads the photo first, decorative and full width, and shows the accent colour without one', () => {
    const html = renderToStaticMarkup(<HomeHero clubName="Oakfield" tagline="Dads together" photo={photo} />);
    expect(html).toMatch(/<img src="\/images\/hero1\/[^"]+"[^>]*alt=""[^>]*loading="eager"[^>]*fetchPriority="high"/);
    expect(html).toContain('sizes="100vw"');
    const plain = renderToStaticMarkup(<HomeHero clubName="Oakfield" tagline="" photo={null} />);
    expect(plain).not.toContain('<img');
    expect(plain).toContain('from-accent-strong to-accent');
    expect(plain).toContain('Welcome to Oakfield');
  });
});
