import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../fixtures/images.ts';
import { login } from '../setup/api-client.ts';
import { sqliteDb } from '../setup/databases.ts';
import { useServer } from '../setup/server.ts';
import { traceCalls } from '../setup/syscall-trace.ts';

// A power cut cannot be made in a test, so the test reads what the server asked of the disk before
// it answered: a photo's files are renamed into place, and a rename or a new folder is only sure to
// outlast a power cut once its folder is synced (docs/decisions/126).

const CALLS = ['mkdir', 'mkdirat', 'rename', 'renameat', 'renameat2', 'fsync', 'fdatasync'];

describe('a saved photo outlasts a power cut', () => {
  const suite = useServer(sqliteDb);

  it('syncs the photo’s folder after its files are renamed into it, and the images folder after the photo’s folder is made, before answering', async () => {
    const token = await login(suite);
    const { result, calls } = await traceCalls(suite.server.process.pid!, CALLS, async () => {
      const form = new FormData();
      form.set('image', new Blob([new Uint8Array(await fixtures.phoneJpeg())], { type: 'image/jpeg' }), 'photo.jpg');
      const response = await fetch(`${suite.url}/api/admin/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      const answeredAt = Date.now() / 1000;
      return { status: response.status, body: (await response.json()) as { imageUrl: string }, answeredAt };
    });
    expect(result.status).toBe(200);
    const images = path.join(suite.database.dataDir, 'images');
    const folder = path.join(images, result.body.imageUrl.split('/').pop()!);
    const syncsOf = (dir: string) =>
      calls.filter((call) => /^f(data)?sync$/.test(call.name) && call.args.startsWith(`${/^\d+/.exec(call.args)?.[0]}<${dir}>`));
    const renames = calls.filter((call) => call.name.startsWith('rename') && call.args.includes(`"${folder}/`));
    // The first mkdir of the folder made it (a call another thread interrupted has no result on its line).
    const made = calls.find((call) => call.name.startsWith('mkdir') && call.args.includes(`"${folder}"`));

    expect(renames.length, 'the photo’s files renamed into place').toBeGreaterThanOrEqual(5);
    expect(made, 'the photo’s folder made').toBeDefined();
    const lastRename = Math.max(...renames.map((call) => call.at));
    expect(
      syncsOf(folder).some((call) => call.at > lastRename && call.at < result.answeredAt),
      'the photo’s folder synced after its last file was renamed into it',
    ).toBe(true);
    expect(
      syncsOf(images).some((call) => call.at > made!.at && call.at < result.answeredAt),
      'the images folder synced after the photo’s folder was made in it',
    ).toBe(true);
  });
});
