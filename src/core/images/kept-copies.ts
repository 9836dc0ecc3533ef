import type { Logger } from '../logger.ts';
import type { ImageStorage } from './storage.ts';

// Copies of an image in another form than the stored WebP (a JPEG for link previews, a PNG for a
// phone's home screen), drawn from its master on the first request and kept beside its other
// files, so they go with them (docs/decisions/087, 094).

/**
 * The copy named `file` of the image whose files are in `folder` (a stored image's id, or a copy
 * of an image given by URL): kept, or drawn now from its master and kept while the disk has room.
 * Null when there is no master. Requests for the same copy at once wait for one drawing.
 */
export function createKeptCopies(
  storage: ImageStorage,
  log: Logger,
  file: string,
  drawCopy: (master: Uint8Array) => Promise<Uint8Array>,
  roomFor: (bytes: number) => Promise<boolean> = () => Promise.resolve(true),
) {
  const inFlight = new Map<string, Promise<Uint8Array | null>>();

  async function draw(folder: string, key: string): Promise<Uint8Array | null> {
    const master = await storage.get(`${folder}/master.webp`);
    if (!master) return null;
    const copy = await drawCopy(master);
    // A disk short of room (anyone can ask for the copy of every photo: never past the reserve
    // kept for uploads, docs/decisions/057), or failing, does not stop the answer: it is drawn
    // again next time.
    const kept = (await roomFor(copy.byteLength)) ? storage.put(key, copy) : Promise.reject(new Error('the disk keeps its reserve'));
    await kept.catch((error: unknown) => log.warn({ err: error, key }, 'could not keep a drawn copy; drawn again when asked'));
    return copy;
  }

  return async (folder: string): Promise<Uint8Array | null> => {
    const key = `${folder}/${file}`;
    const kept = await storage.get(key);
    if (kept) return kept;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = draw(folder, key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}
