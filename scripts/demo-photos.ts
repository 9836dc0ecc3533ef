import sharp from 'sharp';

// The demo's "photos", drawn here so that nothing is downloaded: soft-focus scenes with light,
// depth, grain and a vignette, so that the site looks as it will with real photos. No text is
// ever drawn into them: the site crops photos to fit cards and tiles, and cut-off words would
// look broken (and tell visitors nothing a caption does not).

export type Scene = 'outdoors' | 'evening' | 'indoors';

const WIDTH = 1280;
const HEIGHT = 853;

/** A small seeded generator (mulberry32), so the same seed draws the same photo. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The SVG of one scene; exported for the test that no text is ever drawn. */
export function photoSvg(seed: number, scene: Scene): string {
  const rnd = random(seed * 7919 + 17);
  const between = (low: number, high: number) => low + rnd() * (high - low);
  const hue = Math.round(between(0, 360));
  const layers = scene === 'outdoors' ? outdoors(between, hue) : scene === 'evening' ? evening(between, hue) : indoors(between, hue);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="18"/></filter>
    <filter id="haze" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="6"/></filter>
    <filter id="blades"><feTurbulence type="fractalNoise" baseFrequency="0.02 0.25" numOctaves="3" seed="${seed + 1}"/><feColorMatrix type="matrix" values="0 0 0 0 0.1  0 0.9 0 0 0.15  0 0 0 0 0.05  0 0 0 1.4 -0.2"/></filter>
    <filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${seed}"/><feColorMatrix type="saturate" values="0"/></filter>
    <radialGradient id="vignette" cx="50%" cy="50%" r="75%"><stop offset="55%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.55"/></radialGradient>
  </defs>
  ${layers}
  <rect width="100%" height="100%" filter="url(#grain)" opacity="0.16"/>
  <rect width="100%" height="100%" fill="url(#vignette)"/>
</svg>`;
}

function outdoors(between: (low: number, high: number) => number, hue: number): string {
  const sunX = between(200, 1400);
  const skyHue = 195 + between(-15, 15);
  const grassHue = 85 + between(-25, 25);
  // Rolling ground: a smooth curve through a few random heights.
  const hill = (top: number, amplitude: number, colour: string, filter: string) => {
    const ys = Array.from({ length: 5 }, (_, i) => top + Math.sin(i * 1.7 + hue) * amplitude + between(-25, 25));
    const step = WIDTH / 4;
    const curve = ys
      .slice(1)
      .map((y, i) => `S ${step * (i + 0.5)} ${y} ${step * (i + 1)} ${y}`)
      .join(' ');
    return `<path d="M0 ${HEIGHT} V ${ys[0]} ${curve} V ${HEIGHT} Z" fill="${colour}" filter="url(#${filter})"/>`;
  };
  // Trees as clumps of leaves in a few shades, as a tree line looks out of focus.
  const trees = Array.from({ length: 16 }, () => {
    const x = between(0, WIDTH);
    const size = between(50, 130);
    return Array.from({ length: 5 }, () => {
      const dx = between(-size * 0.6, size * 0.6);
      const dy = between(-size * 0.9, 0);
      return `<circle cx="${x + dx}" cy="${HEIGHT * 0.6 + dy - size * 0.3}" r="${size * between(0.35, 0.6)}" fill="hsl(${grassHue + between(10, 45)},${between(25, 45)}%,${between(12, 28)}%)"/>`;
    }).join('');
  }).join('');
  const clouds = Array.from({ length: 5 }, () => {
    const x = between(0, WIDTH);
    const y = between(60, 320);
    return `<ellipse cx="${x}" cy="${y}" rx="${between(120, 260)}" ry="${between(30, 60)}" fill="#fff" opacity="${between(0.5, 0.85)}"/>`;
  }).join('');
  return `
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${skyHue},65%,55%)"/><stop offset="1" stop-color="hsl(${skyHue + 10},55%,86%)"/></linearGradient>
  <radialGradient id="sun" cx="${sunX / WIDTH}" cy="0.22" r="0.35"><stop offset="0" stop-color="#fff8e0" stop-opacity="0.95"/><stop offset="1" stop-color="#fff8e0" stop-opacity="0"/></radialGradient>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <rect width="100%" height="100%" fill="url(#sun)"/>
  <g filter="url(#soft)">${clouds}</g>
  ${hill(HEIGHT * 0.5, 40, `hsl(${skyHue},25%,62%)`, 'soft')}
  <g filter="url(#haze)">${trees}</g>
  ${hill(HEIGHT * 0.62, 30, `hsl(${grassHue},40%,38%)`, 'haze')}
  ${hill(HEIGHT * 0.8, 25, `hsl(${grassHue},45%,28%)`, 'haze')}
  <rect y="${HEIGHT * 0.66}" width="100%" height="${HEIGHT * 0.34}" filter="url(#blades)" opacity="0.3"/>`;
}

function evening(between: (low: number, high: number) => number, hue: number): string {
  const lights = Array.from({ length: 38 }, () => {
    const warm = 25 + between(-20, 25);
    return `<circle cx="${between(0, WIDTH)}" cy="${between(HEIGHT * 0.25, HEIGHT * 0.85)}" r="${between(14, 60)}" fill="hsl(${warm},95%,${between(55, 75)}%)" opacity="${between(0.35, 0.9)}"/>`;
  }).join('');
  return `
  <linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${230 + (hue % 30)},55%,12%)"/><stop offset="0.7" stop-color="hsl(${280 + (hue % 40)},35%,24%)"/><stop offset="1" stop-color="hsl(20,60%,30%)"/></linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.9" r="0.6"><stop offset="0" stop-color="#ffb347" stop-opacity="0.7"/><stop offset="1" stop-color="#ffb347" stop-opacity="0"/></radialGradient>
  <rect width="100%" height="100%" fill="url(#dusk)"/>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  <g filter="url(#soft)">${lights}</g>
  <path d="M0 ${HEIGHT * 0.88} Q ${WIDTH * 0.4} ${HEIGHT * 0.8} ${WIDTH} ${HEIGHT * 0.9} V ${HEIGHT} H 0 Z" fill="#0b0b14" filter="url(#haze)"/>`;
}

function indoors(between: (low: number, high: number) => number, hue: number): string {
  const wallHue = 30 + (hue % 40);
  const windowX = between(100, 900);
  const things = Array.from({ length: 9 }, () => {
    const x = between(0, WIDTH);
    return `<rect x="${x}" y="${between(HEIGHT * 0.45, HEIGHT * 0.6)}" width="${between(60, 180)}" height="${between(80, 220)}" rx="20" fill="hsl(${Math.round(between(0, 360))},55%,${between(35, 60)}%)"/>`;
  }).join('');
  return `
  <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${wallHue},35%,78%)"/><stop offset="1" stop-color="hsl(${wallHue},25%,52%)"/></linearGradient>
  <linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(28,45%,45%)"/><stop offset="1" stop-color="hsl(25,50%,26%)"/></linearGradient>
  <rect width="100%" height="100%" fill="url(#wall)"/>
  <rect x="${windowX}" y="80" width="520" height="380" fill="#fffdf5" opacity="0.85" filter="url(#soft)"/>
  <g filter="url(#soft)">${things}</g>
  <rect y="${HEIGHT * 0.68}" width="100%" height="${HEIGHT * 0.32}" fill="url(#table)" filter="url(#haze)"/>`;
}

/** A JPEG of the scene, as a phone would take it. */
export async function drawPhoto(seed: number, scene: Scene): Promise<Buffer> {
  return sharp(Buffer.from(photoSvg(seed, scene)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
