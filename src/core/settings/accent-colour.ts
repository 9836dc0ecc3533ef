import { colord, extend } from 'colord';
import a11y from 'colord/plugins/a11y';
import { z } from 'zod';

// The site's accent colour is the background of white text (the welcome banner, buttons) and
// the colour of links on white, so one ratio decides both: white against it, at least WCAG AA's
// 4.5:1 for normal text. Shared by the API's schema and the Settings screen's live check.

extend([a11y]);

/** Tailwind's blue-800: the colour the site had before it could be chosen. */
export const DEFAULT_ACCENT = '#1e40af';
export const MIN_CONTRAST = 4.5;
const HEX = /^#[0-9a-f]{6}$/;

/** The colour a page uses: the stored one when it is a plain '#rrggbb', else the default. */
export function accentOf(stored: string | null): string {
  return stored && HEX.test(stored) ? stored : DEFAULT_ACCENT;
}

/** The rule the public layout puts in <head>; accentOf's answer cannot break out of it. */
export function accentCss(accent: string): string {
  return `:root{--club-accent:${accentOf(accent)}}`;
}

/** White text's contrast against the colour, rounded down to two decimals (never flattering). */
export function contrastWithWhite(hex: string): number {
  return Math.floor(colord(hex).contrast('#ffffff') * 100) / 100;
}

/** The same hue, darkened just enough for white text to pass. */
export function darkerForWhiteText(hex: string): string {
  let colour = colord(hex);
  for (let step = 0; step < 100 && colour.contrast('#ffffff') < MIN_CONTRAST; step++) colour = colour.darken(0.01);
  return colour.toHex();
}

/** What is wrong with the colour for white text, in words, or null when it reads well. */
export function accentProblem(hex: string): string | null {
  const ratio = contrastWithWhite(hex);
  if (ratio >= MIN_CONTRAST) return null;
  return `White text on ${hex} has a contrast of only ${ratio.toFixed(2)}:1; at least ${MIN_CONTRAST}:1 is needed to be easy to read. Try a darker shade, such as ${darkerForWhiteText(hex)}.`;
}

/** '#rrggbb' (any case in, lower case out), checked for contrast; blank or null is the default. */
export const accentColourSchema = z
  .string({ error: 'Accent colour must be a colour such as #1e40af' })
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || HEX.test(value), 'Accent colour must be a colour such as #1e40af')
  .superRefine((value, ctx) => {
    const problem = value && HEX.test(value) ? accentProblem(value) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null));
