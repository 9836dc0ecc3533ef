import { notify } from '../../components/ui/notices.ts';
import { apiRequest } from '../api.ts';
import { signInAgain } from '../sign-in-again.ts';
import { DIRECT_UPLOAD, NEWS_UPLOAD } from '../../core/images/upload-limits.ts';
import { prepareImage } from './prepare-image.ts';
import { sendWithProgress, serverMessage } from './send-with-progress.ts';

export type UploadFlow = 'direct' | 'news';

/** What one direct upload came to: the imageUrl to store, or SPEC §8's notice for what went wrong. */
export type DirectUploadResult =
  | { ok: true; imageUrl: string }
  | {
      ok: false;
      title: string;
      description: string;
      /** False when sending the same file again cannot help (not an image, too large). */
      retryable: boolean;
    };

/**
 * Uploads a chosen file by one of SPEC §7's two flows and returns the imageUrl to store, or null
 * after telling the administrator what went wrong (SPEC §8's notices).
 */
export async function uploadImage(flow: UploadFlow, file: File, onProgress: (fraction: number) => void): Promise<string | null> {
  if (flow === 'news') {
    const prepared = await prepareImage(file, NEWS_UPLOAD);
    if (prepared.ok) return newsFlow(prepared.file, onProgress);
    notify({ title: prepared.title, description: prepared.description, variant: 'destructive' });
    return null;
  }
  const result = await uploadDirect(file, onProgress);
  if (result.ok) notify({ title: 'Upload successful', description: 'Image has been uploaded successfully' });
  else notify({ title: result.title, description: result.description, variant: 'destructive' });
  return result.ok ? result.imageUrl : null;
}

/**
 * The direct flow (events, gallery): the photo is checked and downsized in the browser, then sent
 * as multipart. An expired session asks to sign in again in place, as a save does.
 */
export async function uploadDirect(file: File, onProgress: (fraction: number) => void): Promise<DirectUploadResult> {
  const prepared = await prepareImage(file, DIRECT_UPLOAD);
  if (!prepared.ok) return { ...prepared, retryable: false };
  const form = new FormData();
  form.append('image', prepared.file, file.name);
  try {
    let result = await sendWithProgress('POST', '/api/admin/upload', form, onProgress);
    if (result.status === 401 && (await signInAgain())) result = await sendWithProgress('POST', '/api/admin/upload', form, onProgress);
    if (result.status < 200 || result.status >= 300) {
      return {
        ok: false,
        title: 'Upload failed',
        description: serverMessage(result.text) || 'Failed to upload image',
        // The server refused these bytes; anything else (busy, signed out, a proxy) may pass later.
        retryable: result.status !== 400 && result.status !== 413 && result.status !== 415,
      };
    }
    return { ok: true, imageUrl: (JSON.parse(result.text) as { imageUrl: string }).imageUrl };
  } catch {
    return { ok: false, title: 'Upload error', description: 'An error occurred while uploading the image', retryable: true };
  }
}

async function newsFlow(file: Blob, onProgress: (fraction: number) => void): Promise<string | null> {
  try {
    const { uploadURL } = await apiRequest<{ uploadURL: string }>('POST', '/api/objects/upload').catch(() => {
      throw new Error('failed to get upload URL');
    });
    // The link is on PUBLIC_URL; its path is sent to the address this admin page came from, so a
    // volunteer who reached the site by another name (or a proxy's inner address) is not cross-origin.
    const put = await sendWithProgress('PUT', new URL(uploadURL).pathname, file, onProgress, {
      'Content-Type': file.type || 'application/octet-stream',
    });
    if (put.status < 200 || put.status >= 300) throw new Error(`failed to upload file: ${serverMessage(put.text)}`);
    const { objectPath } = await apiRequest<{ objectPath: string }>('PUT', '/api/news-images', { imageURL: uploadURL }).catch(() => {
      throw new Error('failed to set image permissions');
    });
    return objectPath;
  } catch (error) {
    console.error('News image upload failed', error);
    notify({ title: 'Upload failed', description: 'Failed to upload file. Please try again.', variant: 'destructive' });
    return null;
  }
}
