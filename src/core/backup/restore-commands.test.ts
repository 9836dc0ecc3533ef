import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { restoreFileCommand, restoreFromBucketCommand } from './restore-commands.ts';

describe('restore commands', () => {
  it('give a backup folder with spaces, quotes or a dollar to the shell as one word, and a plain one as it is', () => {
    expect(restoreFileCommand('/mnt/backup/club/club-backup-20261127-020000.tar.gz')).toBe(
      'npm run restore -- /mnt/backup/club/club-backup-20261127-020000.tar.gz --replace',
    );
    expect(restoreFromBucketCommand('club-backup-20261127-020000.tar.gz')).toBe(
      'npm run restore -- --from-bucket club-backup-20261127-020000.tar.gz --replace',
    );
    for (const folder of ["/mnt/Club's Backups", '/srv/$HOME `id` "x"', '/srv/a;b&c|d*e?f(g)h\\i']) {
      const file = `${folder}/club-backup-20261127-020000.tar.gz`;
      // What the shell hands the command as its arguments, after 'npm run restore --'.
      const words = execFileSync('sh', ['-c', `printf '%s\\n' ${restoreFileCommand(file).replace('npm run restore -- ', '')}`], {
        encoding: 'utf8',
      });
      expect(words).toBe(`${file}\n--replace\n`);
    }
  });
});
