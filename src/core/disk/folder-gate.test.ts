import { expect, it } from 'vitest';
import { createFolderGate, FolderNotAnsweringError } from './folder-gate.ts';

// A folder whose disk stops answering holds one caller's thread, not one per caller, and nobody
// waits on it longer than the limit (docs/decisions/144).

const hanging = () => {
  let answer!: () => void;
  const call = new Promise<string>((resolve) => (answer = () => resolve('late')));
  return { call: () => call, answer };
};

it('runs calls one at a time, gives up on one that hangs, refuses more at once, and lets them through once it answers', async () => {
  const gate = createFolderGate('/mnt/backup', 50);
  let running = 0;
  let most = 0;
  const counted = async () => {
    most = Math.max(most, ++running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running--;
    return 'ok';
  };
  expect(await Promise.all([gate.run(counted), gate.run(counted), gate.run(counted)])).toEqual(['ok', 'ok', 'ok']);
  expect(most).toBe(1);
  expect(gate.notAnsweringSince()).toBeNull();

  const stuck = hanging();
  let started = 0;
  const queued = () => {
    started++;
    return Promise.resolve('ran');
  };
  const first = gate.run(stuck.call);
  const behind = gate.run(queued);
  await expect(first).rejects.toBeInstanceOf(FolderNotAnsweringError);
  await expect(behind).rejects.toBeInstanceOf(FolderNotAnsweringError);
  expect(gate.notAnsweringSince()).toBeInstanceOf(Date);
  const at = performance.now();
  await expect(gate.run(queued)).rejects.toThrow('/mnt/backup did not answer within 50 ms');
  expect(performance.now() - at).toBeLessThan(40);

  stuck.answer();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(gate.notAnsweringSince()).toBeNull();
  // The call that gave up while it waited is not run late.
  expect(await gate.run(queued)).toBe('ran');
  expect(started).toBe(1);
});

it('passes the failure of a call on as it is', async () => {
  const gate = createFolderGate('/mnt/backup', 50);
  await expect(gate.run(() => Promise.reject(new Error('ENOENT')))).rejects.toThrow('ENOENT');
  expect(await gate.run(() => Promise.resolve(1))).toBe(1);
});
