import { ValidationError } from '../shared/errors.ts';
import type { RemoteImages } from './remote-images.ts';

/**
 * Checks an image URL a form is saving; `current` is what the row holds now (not checked again),
 * `field` the form's name for it.
 */
export type CheckImageUrl = (url: string | null | undefined, current?: string | null, field?: string) => Promise<void>;

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/**
 * A pasted image address is fetched when it is saved, not first by a visitor: one that does not
 * answer with an image is a field error saying what is wrong, and nothing is saved. An address
 * the row already has is not fetched again (an edit of the caption does not depend on it).
 */
export function imageUrlChecker(remoteImages: Pick<RemoteImages, 'check'>): CheckImageUrl {
  return async (url, current, field = 'imageUrl') => {
    if (!url || !isExternal(url) || url === current) return;
    const problem = await remoteImages.check(url);
    if (problem) throw new ValidationError({ [field]: problem });
  };
}
