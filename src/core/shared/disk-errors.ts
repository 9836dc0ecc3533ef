// Errors that mean "this disk cannot take writes now" (full, read-only, no permission, failing),
// as opposed to a bug: the site answers them with a message a person can act on.
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'EIO', 'ENOTDIR']);

export function isUnwritable(error: unknown): boolean {
  return UNWRITABLE.has((error as NodeJS.ErrnoException | null)?.code ?? '');
}
