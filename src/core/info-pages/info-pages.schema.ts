import { z } from 'zod';
import { emailOrBlank, paragraphText } from '../shared/fields.ts';

/** Body of PUT /api/admin/who-we-are; a field left out keeps its stored value. */
export const whoWeAreInputSchema = z.object({
  aboutUs: paragraphText('About Us', 10_000),
  whoAreWe: paragraphText('Who Are We?', 5_000),
  contactEmail: emailOrBlank('Contact email').optional(),
});
export type WhoWeAreInput = z.output<typeof whoWeAreInputSchema>;

export const whoWeAreSchema = z.object({
  aboutUs: z.string(),
  whoAreWe: z.string(),
  contactEmail: z.string(),
});
export type WhoWeAre = z.output<typeof whoWeAreSchema>;

/** Body of PUT /api/admin/what-we-do; a field left out keeps its stored value. */
export const whatWeDoInputSchema = z.object({
  mission: paragraphText('Our Mission', 10_000),
  activities: paragraphText('Activities', 10_000),
  impact: paragraphText('Our Impact', 10_000),
});
export type WhatWeDoInput = z.output<typeof whatWeDoInputSchema>;

export const whatWeDoSchema = z.object({
  mission: z.string(),
  activities: z.string(),
  impact: z.string(),
});
export type WhatWeDo = z.output<typeof whatWeDoSchema>;

/** Text split into paragraphs at blank lines, as the public pages show it. */
export function toParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
