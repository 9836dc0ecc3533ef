import { z } from 'zod';

/** How long a deleted news item, event or gallery image can be restored. */
export const TRASH_DAYS = 30;

/** The lists that keep what was deleted, as the admin API names them (/api/admin/deleted/{kind}). */
export const trashKindSchema = z.enum(['news', 'events', 'gallery'], { error: 'Unknown list: news, events or gallery' });
export type TrashKind = z.output<typeof trashKindSchema>;

export const deletedItemSchema = z.object({
  id: z.string(),
  /** The title, the event's name or the photo's caption (empty when it has none). */
  label: z.string(),
  imageUrl: z.string().nullable(),
  deletedAt: z.string(),
  /** When it goes for ever by itself. */
  purgeAt: z.string(),
});
export type DeletedItem = z.output<typeof deletedItemSchema>;
