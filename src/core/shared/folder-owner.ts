import fs from 'node:fs';
import { folderGate, FolderNotAnsweringError } from '../disk/folder-gate.ts';

export class WrongUserError extends Error {
  override name = 'WrongUserError';
}

/** A user id's name, from /etc/passwd; the number itself when it is not there. */
function userName(uid: number): string {
  try {
    for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , id] = line.split(':');
      if (name && Number(id) === uid) return name;
    }
  } catch {
    // no passwd file: the number will do
  }
  return String(uid);
}

/**
 * Run as root in a folder that belongs to another user (the one the site runs as), a command or
 * the server would leave files there that belong to root, and that the site could not change: a
 * restored database it cannot write, an image it cannot replace, a journal beside the database
 * that keeps it from opening at all. So that is refused before anything is written, with the
 * command to run instead (docs/decisions/044). `command`: what was run, for that sentence.
 */
export function requireFolderOwner(folders: string[], command: string): void {
  if (process.getuid?.() !== 0) return;
  for (const folder of folders) {
    if (!fs.existsSync(folder)) continue;
    refuseOthers(folder, fs.statSync(folder).uid, command);
  }
}

/**
 * requireFolderOwner for the server's backup folder, which may be on a disk that does not answer
 * (a network drive gone): asked through its gate, and left unchecked when it does not answer
 * (nothing can be written there then either; docs/decisions/144). True when it was checked.
 */
export async function requireBackupFolderOwner(folder: string, command: string): Promise<boolean> {
  if (process.getuid?.() !== 0) return true;
  try {
    const stat = await folderGate(folder).run(() => fs.promises.stat(folder).catch(() => null));
    if (stat) refuseOthers(folder, stat.uid, command);
    return true;
  } catch (error) {
    if (error instanceof FolderNotAnsweringError) return false;
    throw error;
  }
}

function refuseOthers(folder: string, uid: number, command: string): void {
  if (uid === 0) return;
  const owner = userName(uid);
  throw new WrongUserError(
    `This runs as root, but ${folder} belongs to ${owner}: files made now would belong to root, and the site, running as ${owner}, could not change them. Nothing was changed. Run it as ${owner}: sudo -u ${owner} ${command}`,
  );
}
