import { notify } from '../../components/ui/notices.ts';
import { apiRequest } from '../api.ts';
import { DIRECT_UPLOAD, NEWS_UPLOAD } from '../../core/images/upload-limits.ts';
import { prepareImage } from './prepare-image.ts';
import { sendWithProgress, serverMessage } from './send-with-progress.ts';

export type UploadFlow = 'direct' | 'news';

/**
 * Uploads a chosen file by one of SPEC §7's two flows and returns the imageUrl to store, or null
 * after telling the administrator what went wrong (SPEC §8's notices).
 */
export async function uploadImage(flow: UploadFlow, file: File, onProgress: (fraction: number) => void): Promise<string | null> {
  const prepared = await prepareImage(file, flow === 'news' ? NEWS_UPLOAD : DIRECT_UPLOAD);
  if (!prepared.ok) {
    notify({ title: prepared.title, description: prepared.description, variant: 'destructive' });
    return null;
  }
  return flow === 'news' ? newsFlow(prepared.file, onProgress) : directFlow(prepared.file, file.name, onProgress);
}

async function directFlow(file: Blob, name: string, onProgress: (fraction: number) => void): Promise<string | null> {
  const form = new FormData();
  form.append('image', file, name);
  try {
    const result = await sendWithProgress('POST', '/api/admin/upload', form, onProgress);
    if (result.status < 200 || result.status >= 300) {
      notify({ title: 'Upload failed', description: serverMessage(result.text) || 'Failed to upload image', variant: 'destructive' });
      return null;
    }
    notify({ title: 'Upload successful', description: 'Image has been uploaded successfully' });
    return (JSON.parse(result.text) as { imageUrl: string }).imageUrl;
  } catch {
    notify({ title: 'Upload error', description: 'An error occurred while uploading the image', variant: 'destructive' });
    return null;
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
