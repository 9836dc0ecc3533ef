import { describe, expect, it } from 'vitest';
import { createBulkUpload, summarise, type BulkUploadDeps } from './bulk-upload.ts';
import type { DirectUploadResult } from './upload-flows.ts';

/** Uploads that finish when the test says so. */
function controlledUploads() {
  const pending: { name: string; finish: (result: DirectUploadResult) => void }[] = [];
  const upload: BulkUploadDeps['upload'] = (file) =>
    new Promise((resolve) => {
      pending.push({ name: file.name, finish: resolve });
    });
  return { pending, upload };
}

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('bulk photo upload queue', () => {
  it('uploads two at a time, keeps a failed one with a retry, and adds in the order chosen', async () => {
    const uploads = controlledUploads();
    const added: { imageUrl: string; caption: string; key: string }[] = [];
    const bulk = createBulkUpload({ upload: uploads.upload, add: async (photo) => void added.push(photo) });
    bulk.addFiles(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map(photo));
    expect(bulk.getSnapshot().map((item) => item.status)).toEqual(['uploading', 'uploading', 'waiting', 'waiting']);

    uploads.pending[0]!.finish({ ok: true, imageUrl: '/images/a.webp' });
    uploads.pending[1]!.finish({ ok: false, title: 'Upload error', description: 'An error occurred', retryable: true });
    await settle();
    expect(bulk.getSnapshot().map((item) => item.status)).toEqual(['uploaded', 'failed', 'uploading', 'uploading']);
    expect(bulk.getSnapshot()[1]!.error).toBe('An error occurred');

    bulk.setCaption(bulk.getSnapshot()[0]!.id, 'First');
    bulk.retry(bulk.getSnapshot()[1]!.id);
    // Still two at a time: the retried one waits for a free place.
    expect(summarise(bulk.getSnapshot())).toMatchObject({ uploaded: 1, failed: 0, busy: 3 });
    uploads.pending[2]!.finish({ ok: true, imageUrl: '/images/c.webp' });
    uploads.pending[3]!.finish({ ok: true, imageUrl: '/images/d.webp' });
    await settle();
    expect(uploads.pending.map((upload) => upload.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'b.jpg']);
    uploads.pending[4]!.finish({ ok: true, imageUrl: '/images/b.webp' });
    await settle();

    const ids = bulk.getSnapshot().map((item) => item.id);
    expect(await bulk.addUploaded()).toEqual({ added: 4, failed: 0 });
    expect(added.map((photo) => photo.imageUrl)).toEqual(['/images/d.webp', '/images/c.webp', '/images/b.webp', '/images/a.webp']);
    expect(added.at(-1)).toEqual({ imageUrl: '/images/a.webp', caption: 'First', key: ids[0] });
    expect(bulk.getSnapshot()).toEqual([]);
  });

  it('keeps a photo whose add failed, with its caption and the same idempotency key for the next try', async () => {
    const keys: string[] = [];
    let failNext = true;
    const bulk = createBulkUpload({
      upload: async () => ({ ok: true, imageUrl: '/images/x.webp' }),
      add: async ({ key }) => {
        keys.push(key);
        if (failNext) {
          failNext = false;
          throw new Error('503: The database is not answering');
        }
      },
    });
    bulk.addFiles([photo('x.jpg')]);
    await settle();
    const [item] = bulk.getSnapshot();
    bulk.setCaption(item!.id, 'Sports day');
    expect(await bulk.addUploaded()).toEqual({ added: 0, failed: 1 });
    expect(bulk.getSnapshot()[0]).toMatchObject({ status: 'failed', caption: 'Sports day', error: '503: The database is not answering' });
    bulk.retry(item!.id);
    expect(bulk.getSnapshot()[0]!.status).toBe('uploaded');
    expect(await bulk.addUploaded()).toEqual({ added: 1, failed: 0 });
    expect(keys).toEqual([item!.id, item!.id]);
  });

  it('offers no retry for a file that is not an image, and removes only rows that are not on their way', async () => {
    const uploads = controlledUploads();
    const bulk = createBulkUpload({ upload: uploads.upload, add: async () => {} });
    bulk.addFiles([photo('notes.txt'), photo('y.jpg')]);
    const [notes, y] = bulk.getSnapshot();
    bulk.remove(y!.id);
    expect(bulk.getSnapshot()).toHaveLength(2);
    uploads.pending[0]!.finish({ ok: false, title: 'Invalid file', description: 'Please upload an image file', retryable: false });
    await settle();
    bulk.retry(notes!.id);
    expect(uploads.pending).toHaveLength(2);
    expect(bulk.getSnapshot()[0]!.status).toBe('failed');
    bulk.remove(notes!.id);
    expect(bulk.getSnapshot().map((item) => item.file.name)).toEqual(['y.jpg']);
  });
});
