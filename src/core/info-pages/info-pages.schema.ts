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

/** The two information pages, as their URLs and earlier versions name them. */
export type InfoPage = 'who-we-are' | 'what-we-do';

/** Earlier versions kept of each page: the newest, whatever their age. */
export const PAGE_VERSIONS_KEPT = 50;

/** What a page said before a save replaced it (docs/decisions/055). */
export const pageVersionSchema = z.object({
  id: z.string(),
  /** Its fields as they were, as the page's own read answers them. */
  content: z.record(z.string(), z.string()),
  /** When that text was saved. */
  savedAt: z.string(),
  /** When a save replaced it, and by whom (null: the server's command line, or unknown). */
  replacedAt: z.string(),
  replacedBy: z.string().nullable(),
});
export type PageVersion = z.output<typeof pageVersionSchema>;
