import { z } from 'zod';
import { noControlCharacters } from '../shared/fields.ts';

/** Body of PUT /api/news-images: the upload URL the file was PUT to. */
export const newsImageInputSchema = z.object({
  imageURL: z
    .string({ error: 'imageURL is required' })
    .refine(...noControlCharacters('imageURL', { multiline: false }))
    .trim()
    .min(1, 'imageURL is required')
    .max(2000, 'imageURL must be at most 2000 characters'),
});

export const uploadResponseSchema = z.object({ imageUrl: z.string() });
export const uploadUrlResponseSchema = z.object({ uploadURL: z.string() });
export const objectPathResponseSchema = z.object({ objectPath: z.string() });
