import path from 'node:path';

// A folder on a disk that can stop answering without failing: a network mount whose server is
// gone (NFS, a storage box over SMB), a block volume detached under the host, a disk dying slowly.
// A file call there waits in the kernel, for minutes or for ever. Made on the main thread it held
// the whole site (a backup folder read every minute stopped every page within one); made through
// Node's four file threads, each health check held one, and after four nothing needing them
// answered (sign-ins, photos, compressed pages). So each such folder's calls go through its gate
// (docs/decisions/144): one at a time, so that a folder that hangs holds one thread, not all; and
// a caller waits at most FOLDER_WAIT_MS, then hears that the folder does not answer.

const FOLDER_WAIT_MS = 5_000;

/** Why a folder may not answer, for the log. */
export const NOT_ANSWERING_WHY = 'its disk may have failed, or a network drive is gone';

/** What an administrator is told when the backup folder does not answer. */
export const BACKUP_FOLDER_NOT_ANSWERING = `The server's backup folder does not answer at the moment (${NOT_ANSWERING_WHY}), so no backup can be taken or read. The site goes on without it. Tell whoever runs the site.`;

/** Said to a volunteer whose request needed another folder that does not answer. */
const FOLDER_NOT_ANSWERING = `A disk of the server does not answer at the moment (${NOT_ANSWERING_WHY}), so this cannot be done now. The rest of the site goes on. Please tell whoever runs it.`;

export class FolderNotAnsweringError extends Error {
  override name = 'FolderNotAnsweringError';
  readonly dir: string;
  constructor(dir: string, waitedMs: number) {
    super(`${dir} did not answer within ${waitedMs} ms: ${NOT_ANSWERING_WHY}`);
    this.dir = dir;
  }
}

export interface FolderGate {
  /** Runs `call` on the folder after those before it; rejects with FolderNotAnsweringError when it waited past the gate's limit. */
  run<T>(call: () => Promise<T>): Promise<T>;
  /** Since when a call has waited on the folder past the limit, or null while it answers. */
  notAnsweringSince(): Date | null;
}

export function createFolderGate(dir: string, waitMs = FOLDER_WAIT_MS): FolderGate {
  let tail: Promise<unknown> = Promise.resolve();
  /** When the call running now started; null when none runs. */
  let runningSince: number | null = null;
  /** A caller gave up waiting while the call running now ran: timers and clocks need not agree to the millisecond. */
  let overdue = false;
  const stuck = () => runningSince !== null && (overdue || Date.now() - runningSince >= waitMs);

  return {
    run<T>(call: () => Promise<T>): Promise<T> {
      // Behind a call that hangs, more would only queue for ever.
      if (stuck()) return Promise.reject(new FolderNotAnsweringError(dir, waitMs));
      let gaveUp = false;
      const turn = tail.then(async () => {
        if (gaveUp) throw new FolderNotAnsweringError(dir, waitMs);
        runningSince = Date.now();
        try {
          return await call();
        } finally {
          runningSince = null;
          overdue = false;
        }
      });
      tail = turn.catch(() => {});
      return new Promise<T>((resolve, reject) => {
        const limit = setTimeout(() => {
          gaveUp = true;
          if (runningSince !== null) overdue = true;
          reject(new FolderNotAnsweringError(dir, waitMs));
        }, waitMs);
        limit.unref();
        turn.then(resolve, reject).finally(() => clearTimeout(limit));
      });
    },
    notAnsweringSince: () => (stuck() ? new Date(runningSince! + waitMs) : null),
  };
}

const gates = new Map<string, FolderGate>();

/** The one gate of a folder in this process, so that every part of the site waits on it alike. */
export function folderGate(dir: string): FolderGate {
  const key = path.resolve(dir);
  let gate = gates.get(key);
  if (!gate) gates.set(key, (gate = createFolderGate(key)));
  return gate;
}

/**
 * Whether a call on some folder still waits past its limit. A process whose file thread waits so
 * cannot end by itself (its exit waits for that thread), so the server ends itself at once (144).
 */
export const someFolderHangs = (): boolean => [...gates.values()].some((gate) => gate.notAnsweringSince() !== null);

/** The words for a volunteer: the backup folder's own, or the general ones. */
export const folderNotAnsweringMessage = (error: FolderNotAnsweringError, backupDir: string): string =>
  path.resolve(error.dir) === path.resolve(backupDir) ? BACKUP_FOLDER_NOT_ANSWERING : FOLDER_NOT_ANSWERING;
