import { z } from 'zod';
import { optionalEmail, optionalHttpUrl, optionalImageUrl, plainText } from '../shared/fields.ts';
import { accentColourSchema } from './accent-colour.ts';

/** Body of PUT /api/admin/settings; a field left out keeps its stored value. */
export const settingsInputSchema = z.object({
  clubName: plainText('Club name').trim().min(1, 'Club name is required').max(100, 'Club name must be at most 100 characters').optional(),
  tagline: plainText('Tagline').trim().max(200, 'Tagline must be at most 200 characters').optional(),
  messagingGroupUrl: optionalHttpUrl('Messaging group link'),
  socialGroupUrl: optionalHttpUrl('Social group link'),
  contactEmail: optionalEmail('Contact email'),
  logoUrl: optionalImageUrl('Logo'),
  heroImageUrl: optionalImageUrl('Welcome banner photo'),
  accentColor: accentColourSchema,
});
export type SettingsInput = z.output<typeof settingsInputSchema>;

export const settingsSchema = z.object({
  clubName: z.string(),
  tagline: z.string(),
  messagingGroupUrl: z.string().nullable(),
  socialGroupUrl: z.string().nullable(),
  contactEmail: z.string().nullable(),
  logoUrl: z.string().nullable(),
  heroImageUrl: z.string().nullable().describe("The photo behind the home page's welcome banner"),
  accentColor: z
    .string()
    .nullable()
    .describe("The site's accent colour, '#rrggbb', dark enough for white text (AA); null is the default blue"),
});
export type SiteSettings = z.output<typeof settingsSchema>;

export const DEFAULT_SETTINGS: SiteSettings = {
  clubName: "Fathers' Club",
  tagline: '',
  messagingGroupUrl: null,
  socialGroupUrl: null,
  contactEmail: null,
  logoUrl: null,
  heroImageUrl: null,
  accentColor: null,
};
