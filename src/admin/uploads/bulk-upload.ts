import type { DirectUploadResult } from './upload-flows.ts';

/** Phones on a school-gate signal do better with two uploads at a time than with thirty. */
const UPLOADS_AT_ONCE = 2;

export type BulkStatus = 'waiting' | 'uploading' | 'uploaded' | 'adding' | 'failed';

export interface BulkItem {
  /** Also the Idempotency-Key of the item's create, so a repeated add makes one gallery image. */
  id: string;
  file: File;
  status: BulkStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  imageUrl: string | null;
  caption: string;
  error: string | null;
  /** False when sending the same file again cannot help (not an image, too large). */
  retryable: boolean;
}

export interface BulkUploadDeps {
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<DirectUploadResult>;
  /** Creates the gallery image; throws with a message a person understands. */
  add: (photo: { imageUrl: string; caption: string; key: string }) => Promise<void>;
}

export interface AddOutcome {
  added: number;
  failed: number;
}

/**
 * The photos of one bulk upload: each is uploaded as soon as it is chosen (a few at a time),
 * captions are typed meanwhile, and 'add' creates the gallery images from the uploaded ones. A
 * failed upload or add keeps its row, its caption and a retry. It lives outside React so that its
 * queue is plain code (and unit-tested); the dialog subscribes to it.
 */
export function createBulkUpload(deps: BulkUploadDeps) {
  let items: readonly BulkItem[] = [];
  const listeners = new Set<() => void>();

  const emit = () => listeners.forEach((listener) => listener());
  const find = (id: string) => items.find((item) => item.id === id);
  const patch = (id: string, changes: Partial<BulkItem>) => {
    if (!find(id)) return;
    items = items.map((item) => (item.id === id ? { ...item, ...changes } : item));
    emit();
  };

  function pump() {
    let running = items.filter((item) => item.status === 'uploading').length;
    for (const item of items) {
      if (running >= UPLOADS_AT_ONCE) break;
      if (item.status !== 'waiting') continue;
      running += 1;
      void upload(item);
    }
  }

  async function upload(item: BulkItem) {
    patch(item.id, { status: 'uploading', progress: 0, error: null });
    const result = await deps.upload(item.file, (progress) => patch(item.id, { progress }));
    if (result.ok) patch(item.id, { status: 'uploaded', progress: 1, imageUrl: result.imageUrl });
    else patch(item.id, { status: 'failed', error: result.description, retryable: result.retryable });
    pump();
  }

  async function addOne(item: BulkItem): Promise<boolean> {
    if (!item.imageUrl) return false;
    patch(item.id, { status: 'adding', error: null });
    try {
      await deps.add({ imageUrl: item.imageUrl, caption: find(item.id)?.caption ?? item.caption, key: item.id });
      items = items.filter((other) => other.id !== item.id);
      emit();
      return true;
    } catch (error) {
      patch(item.id, { status: 'failed', error: error instanceof Error ? error.message : String(error), retryable: true });
      return false;
    }
  }

  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,

    addFiles(files: Iterable<File>) {
      const added = [...files].map((file): BulkItem => ({
        id: crypto.randomUUID(),
        file,
        status: 'waiting',
        progress: 0,
        imageUrl: null,
        caption: '',
        error: null,
        retryable: true,
      }));
      if (added.length === 0) return;
      items = [...items, ...added];
      emit();
      pump();
    },

    setCaption(id: string, caption: string) {
      patch(id, { caption });
    },

    remove(id: string) {
      const item = find(id);
      // An upload or add on its way finishes first: it cannot be called back from the server.
      if (!item || item.status === 'uploading' || item.status === 'adding') return;
      items = items.filter((other) => other.id !== id);
      emit();
    },

    /** A failed upload is sent again; a photo whose add failed is ready to be added again. */
    retry(id: string) {
      const item = find(id);
      if (!item || item.status !== 'failed' || !item.retryable) return;
      if (item.imageUrl) {
        patch(id, { status: 'uploaded', error: null });
        return;
      }
      patch(id, { status: 'waiting', error: null });
      pump();
    },

    /**
     * Adds every uploaded photo, one after another, the last chosen first: the gallery shows the
     * newest first, so the photos appear in the order they were chosen.
     */
    async addUploaded(): Promise<AddOutcome> {
      const ready = items.filter((item) => item.status === 'uploaded').reverse();
      let added = 0;
      for (const item of ready) if (await addOne(item)) added += 1;
      return { added, failed: ready.length - added };
    },
  };
}

export type BulkUpload = ReturnType<typeof createBulkUpload>;

/** Counts for the dialog's summary and buttons. */
export function summarise(items: readonly BulkItem[]) {
  const count = (status: BulkStatus) => items.filter((item) => item.status === status).length;
  const busy = count('waiting') + count('uploading') + count('adding');
  return { total: items.length, uploaded: count('uploaded'), failed: count('failed'), busy, adding: count('adding') > 0 };
}
