import { expect, it } from 'vitest';
import { versionsLiveBefore, versionsToKeep } from './versions.ts';

const run = (by: string, count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ id: `${by}${from + i}`, replacedById: by }));

it('keeps the newest, and the last text before each run of another administrator’s saves', () => {
  // Newest first: a stranger's 60 saves over the committee's 5 (the oldest the first save's text).
  const rows = [...run('stranger', 60), ...run('committee', 5)];
  const keep = versionsToKeep(rows, 50);
  expect(keep.slice(0, 50)).toEqual(rows.slice(0, 50).map((row) => row.id));
  // stranger59 holds the committee's text the stranger first replaced; committee4 the oldest known text.
  expect(keep.slice(50)).toEqual(['stranger59', 'committee4']);
});

it('keeps nothing more when one administrator saved every version, and at most as many again when they alternate', () => {
  expect(versionsToKeep(run('admin', 70), 50)).toEqual([...run('admin', 50).map((row) => row.id), 'admin69']);
  const alternating = Array.from({ length: 300 }, (_, i) => ({ id: `v${i}`, replacedById: i % 2 === 0 ? 'a' : 'b' }));
  expect(versionsToKeep(alternating, 20)).toHaveLength(40);
  expect(versionsToKeep(run('admin', 10), 20)).toHaveLength(10);
});

it('counts the command line (no administrator) as someone', () => {
  const rows = [...run('stranger', 3), { id: 'cli', replacedById: null }, ...run('committee', 2)];
  expect(versionsToKeep(rows, 2)).toEqual(['stranger0', 'stranger1', 'stranger2', 'cli']);
  expect(versionsToKeep(rows, 3)).toEqual(['stranger0', 'stranger1', 'stranger2', 'cli', 'committee1']);
});

it('keeps what the record said a day, a week and a month ago, however many saves came since', () => {
  const DAY = 86_400_000;
  const now = Date.parse('2026-11-26T12:00:00.000Z');
  const iso = (ms: number) => new Date(ms).toISOString();
  // Newest first: two accounts taking turns in the last hour, over texts that stood for days.
  const burst = Array.from({ length: 200 }, (_, i) => ({
    id: `burst${i}`,
    savedAt: iso(now - (i + 2) * 10_000),
    replacedAt: iso(now - (i + 1) * 10_000),
  }));
  const rows = [
    ...burst,
    { id: 'sinceMonday', savedAt: iso(now - 3 * DAY), replacedAt: iso(now - 201 * 10_000) },
    { id: 'lastMonth', savedAt: iso(now - 40 * DAY), replacedAt: iso(now - 3 * DAY) },
  ];
  // A day ago and a week ago the page said 'sinceMonday'? A day ago yes; a week ago it said 'lastMonth', as it did a month ago.
  expect(versionsLiveBefore(rows, now)).toEqual(['sinceMonday', 'lastMonth', 'lastMonth']);
  expect(versionsLiveBefore(burst, now)).toEqual([]);
});
