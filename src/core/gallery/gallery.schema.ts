import { z } from 'zod';
import { IMAGE_ALT_MAX, optionalText, requiredImageUrl } from '../shared/fields.ts';

/** SPEC §5's message for a gallery image without one. */
export const IMAGE_REQUIRED = 'Please upload or enter an image URL';
export const GALLERY_CAPTION_MAX = 500;

/** Body of POST /api/admin/gallery and PUT /api/admin/gallery/{id}. */
export const galleryInputSchema = z.object({
  imageUrl: requiredImageUrl('Image URL', IMAGE_REQUIRED),
  caption: optionalText('Caption', GALLERY_CAPTION_MAX),
  imageAlt: optionalText('Image description', IMAGE_ALT_MAX),
});
export type GalleryInput = z.output<typeof galleryInputSchema>;

export const galleryImageSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  caption: z.string().nullable(),
  imageAlt: z.string().nullable().describe('What the photo shows, for visitors who cannot see it (the caption when absent)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GalleryImage = z.output<typeof galleryImageSchema>;
