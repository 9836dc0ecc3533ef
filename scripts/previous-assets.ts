import fs from 'node:fs';
import path from 'node:path';

// A page or the admin app opened before a deploy asks afterwards for the scripts it was built
// with: the rich-text editor, the booking dialog, the lightbox are loaded on first use. Astro
// empties its output folder on every build, so those files would be gone and the admin app would
// go blank (docs/decisions/042). Their names carry a hash of their content, so the previous
// build's can stay beside the new one's without ever being confused with them; one build back
// is kept, so the folder does not grow with every deploy.

/** The names of the files the build in `dir` made (listed in `listFile`; without it, every file). */
function ownFiles(dir: string, listFile: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const present = new Set(fs.readdirSync(dir));
  if (!fs.existsSync(listFile)) return [...present];
  const listed = JSON.parse(fs.readFileSync(listFile, 'utf8')) as string[];
  return listed.filter((name) => present.has(name));
}

/** Before a build: the files of the build about to be replaced, read into memory. */
export function takePreviousAssets(dir: string, listFile: string): Map<string, Buffer> {
  return new Map(ownFiles(dir, listFile).map((name) => [name, fs.readFileSync(path.join(dir, name))]));
}

/**
 * After a build: records the new build's own files in `listFile`, then puts back those of the
 * previous build it did not make again. Answers how many were put back.
 */
export function keepPreviousAssets(dir: string, listFile: string, previous: Map<string, Buffer>): number {
  fs.mkdirSync(dir, { recursive: true });
  const made = new Set(fs.readdirSync(dir));
  fs.writeFileSync(listFile, JSON.stringify([...made].sort()));
  let kept = 0;
  for (const [name, data] of previous) {
    if (made.has(name)) continue;
    fs.writeFileSync(path.join(dir, name), data);
    kept++;
  }
  return kept;
}
