import type { APIContext } from 'astro';
import { trashKindSchema, type TrashKind } from '../../core/trash/trash.schema.ts';
import { HttpError } from './errors.ts';

/** The list named in /api/admin/deleted/{kind}: news, events or gallery; anything else is not found. */
export function pathKind(context: APIContext): TrashKind {
  const parsed = trashKindSchema.safeParse(context.params.kind);
  if (!parsed.success) throw new HttpError(404, 'There is no such list of deleted items (news, events or gallery).');
  return parsed.data;
}
