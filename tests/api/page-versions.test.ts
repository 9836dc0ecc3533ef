import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { PAGE_VERSIONS_KEPT } from '../../src/core/versions/versions.schema.ts';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { fakeClockEnv, moveFakeClock } from '../setup/fake-clock.ts';
import { addAdministrator, uploadImage } from '../setup/fill-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// Earlier versions of the two information pages (docs/decisions/055): each save keeps what the
// page said before, with who replaced it, so that a page a stranger rewrote can be put back.

eachDatabase('earlier versions of the information pages on $kind', (db) => {
  const clock = path.join(os.tmpdir(), `club-versions-clock-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const suite = useServer(db, fakeClockEnv(clock));
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const save = (body: Record<string, string>, by = token, headers: Record<string, string> = {}) =>
    call(suite, 'PUT', '/api/admin/who-we-are', { token: by, body, headers });
  const versions = async (page = 'who-we-are') => {
    const answer = await call(suite, 'GET', `/api/admin/${page}/versions`, { token });
    expect(answer.status).toBe(200);
    return answer.body as { id: string; content: Record<string, string>; savedAt: string; replacedAt: string; replacedBy: string | null }[];
  };

  it('keeps what the page said before each save that changed it, newest first, with who replaced it', async () => {
    const first = await save({ aboutUs: 'Dads who build dens.', whoAreWe: 'The committee.', contactEmail: 'dads@example.org' });
    expect(first.status).toBe(200);
    // The first save replaced nothing anyone wrote.
    expect(await versions()).toEqual([]);

    const stranger = await addAdministrator(suite, token, 'stranger', 'a pale lantern under winter');
    const defaced = await save({ aboutUs: 'Buy cheap watches here.' }, stranger.token);
    expect(defaced.status).toBe(200);
    const [before] = await versions();
    expect(before).toEqual({
      id: expect.any(String),
      content: { aboutUs: 'Dads who build dens.', whoAreWe: 'The committee.', contactEmail: 'dads@example.org' },
      savedAt: JSON.parse(first.headers.get('etag')!),
      replacedAt: JSON.parse(defaced.headers.get('etag')!),
      replacedBy: 'stranger',
    });

    // The same text again changes nothing, and keeps nothing.
    expect((await save({ aboutUs: 'Buy cheap watches here.' }, stranger.token)).status).toBe(200);
    // Refused saves keep nothing: a stale version, a field too long.
    expect((await save({ aboutUs: 'Late.' }, token, { 'if-match': first.headers.get('etag')! })).status).toBe(412);
    expect((await save({ aboutUs: 'x'.repeat(10_001) })).status).toBe(400);
    expect(await versions()).toHaveLength(1);

    // Put back: the committee saves the earlier text, and the stranger's is kept in turn.
    expect((await save(before!.content)).status).toBe(200);
    expect((await call(suite, 'GET', '/api/who-we-are')).body).toMatchObject({ aboutUs: 'Dads who build dens.' });
    const after = await versions();
    expect(after.map((version) => [version.content.aboutUs, version.replacedBy])).toEqual([
      ['Buy cheap watches here.', ADMIN.username],
      ['Dads who build dens.', 'stranger'],
    ]);
    expect((await call(suite, 'DELETE', `/api/admin/administrators/${stranger.id}`, { token })).status).toBe(200);
  });

  it('keeps one earlier version for each of many saves sent at once, and the newest fifty in all', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => save({ whoAreWe: `Parallel ${i}` })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const held = await versions();
    // Each save replaced the text the one before it left: twelve texts, each kept once.
    const replaced = held.slice(0, 12).map((version) => version.content.whoAreWe);
    expect(new Set(replaced).size).toBe(12);
    expect(held.slice(0, 12).every((version, i) => i === 0 || version.replacedAt < held[i - 1]!.replacedAt)).toBe(true);

    for (let i = 0; i < PAGE_VERSIONS_KEPT + 5; i++) expect((await save({ whoAreWe: `Edit ${i}` })).status).toBe(200);
    const kept = await versions();
    expect(kept.slice(0, PAGE_VERSIONS_KEPT).map((version) => version.content.whoAreWe)).toEqual(
      Array.from({ length: PAGE_VERSIONS_KEPT }, (_, i) => `Edit ${PAGE_VERSIONS_KEPT + 3 - i}`),
    );
    // Older than those, only the last text before another administrator's saves is kept (the
    // stranger's of the first test): the rest of this administrator's run is gone.
    const older = kept.slice(PAGE_VERSIONS_KEPT);
    expect(older.length).toBeLessThanOrEqual(3);
    expect(older.some((version) => /^(Edit|Parallel) /.test(version.content.whoAreWe ?? ''))).toBe(false);
  });

  it("keeps the club's text however many times a stranger saves over it to push it out", async () => {
    const club = { aboutUs: 'Dads who build dens.', whoAreWe: 'The committee of six.', contactEmail: 'dads@example.org' };
    expect((await save(club)).status).toBe(200);
    const flusher = await addAdministrator(suite, token, 'flusher', 'a long road to the northern sea');
    for (let i = 0; i < PAGE_VERSIONS_KEPT + 10; i++) {
      expect((await save({ aboutUs: `Spam ${i}`, whoAreWe: 'Spam', contactEmail: 'spam@example.net' }, flusher.token)).status).toBe(200);
    }
    const kept = await versions();
    const before = kept.find((version) => version.content.whoAreWe === club.whoAreWe);
    expect(before).toMatchObject({ content: club, replacedBy: 'flusher' });
    // Their own texts beyond the newest fifty are gone.
    expect(kept.filter((version) => version.content.whoAreWe === 'Spam')).toHaveLength(PAGE_VERSIONS_KEPT);
    expect((await call(suite, 'DELETE', `/api/admin/administrators/${flusher.id}`, { token })).status).toBe(200);
  });

  it('keeps What We Do apart, and answers visitors nothing', async () => {
    const answer = (body: Record<string, string>) => call(suite, 'PUT', '/api/admin/what-we-do', { token, body });
    expect((await answer({ mission: 'Time with our children.', activities: 'Dens.', impact: 'Happy families.' })).status).toBe(200);
    expect((await answer({ mission: 'Time with our children, outdoors.' })).status).toBe(200);
    expect((await versions('what-we-do')).map((version) => version.content)).toEqual([
      { mission: 'Time with our children.', activities: 'Dens.', impact: 'Happy families.' },
    ]);
    expect((await versions()).some((version) => 'mission' in version.content)).toBe(false);
    for (const page of ['who-we-are', 'what-we-do']) {
      expect((await call(suite, 'GET', `/api/admin/${page}/versions`)).status).toBe(401);
      expect((await call(suite, 'POST', `/api/admin/${page}/versions`, { token, body: {} })).status).toBe(405);
    }
  });

  it("keeps the settings' words, links and pictures before each save", async () => {
    const settings = (body: Record<string, unknown>, by = token) => call(suite, 'PUT', '/api/admin/settings', { token: by, body });
    expect((await settings({ clubName: 'Oakfield Dads', messagingGroupUrl: 'https://chat.example.org/join/oakfield' })).status).toBe(200);
    const logo = await uploadImage(suite.url, token, 3);
    expect((await settings({ clubName: 'Oakfield Dads Club' })).status).toBe(200);
    // A picture alone keeps one too (docs/decisions/061): there was no logo before it.
    expect((await settings({ logoUrl: logo })).status).toBe(200);
    const phisher = await addAdministrator(suite, token, 'phisher', 'a quiet harbour before dawn');
    const theirs = await uploadImage(suite.url, phisher.token, 5);
    expect((await settings({ messagingGroupUrl: 'https://scam.example.net/win', logoUrl: theirs }, phisher.token)).status).toBe(200);

    const answer = await call(suite, 'GET', '/api/admin/settings/versions', { token });
    expect(answer.status).toBe(200);
    const kept = answer.body as { content: Record<string, string | null>; replacedBy: string | null }[];
    expect(
      kept.map((version) => [version.content.clubName, version.content.messagingGroupUrl, version.content.logoUrl, version.replacedBy]),
    ).toEqual([
      ['Oakfield Dads Club', 'https://chat.example.org/join/oakfield', logo, 'phisher'],
      ['Oakfield Dads Club', 'https://chat.example.org/join/oakfield', null, ADMIN.username],
      ['Oakfield Dads', 'https://chat.example.org/join/oakfield', null, ADMIN.username],
    ]);
    // The club's logo the phisher replaced is kept, for the committee alone.
    expect((await fetch(`${suite.url}${logo}`)).status).toBe(404);
    expect((await fetch(`${suite.url}${logo}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await call(suite, 'GET', '/api/admin/settings/versions')).status).toBe(401);
    expect((await call(suite, 'DELETE', `/api/admin/administrators/${phisher.id}`, { token })).status).toBe(200);
  });

  it('keeps what the page said yesterday however two accounts take turns to push it out today', async () => {
    const club = { aboutUs: 'Dads who build dens, since 2019.', whoAreWe: 'The committee of seven.', contactEmail: 'dads@example.org' };
    expect((await save(club)).status).toBe(200);
    // Two days later, two accounts a stranger made take turns: every version is someone else's.
    await moveFakeClock(clock, Date.now() + 2 * 86_400_000);
    const pair = [
      await addAdministrator(suite, token, 'turnsone', 'a ferry across the grey estuary'),
      await addAdministrator(suite, token, 'turnstwo', 'a kite above the chalk downs'),
    ];
    try {
      for (let i = 0; i < 2 * PAGE_VERSIONS_KEPT + 10; i++) {
        expect((await save({ aboutUs: `Spam ${i}`, whoAreWe: 'Spam', contactEmail: 'spam@example.net' }, pair[i % 2]!.token)).status).toBe(
          200,
        );
      }
      const kept = await versions();
      expect(kept.find((version) => version.content.whoAreWe === club.whoAreWe)?.content).toEqual(club);
      expect(kept.length).toBeLessThanOrEqual(2 * PAGE_VERSIONS_KEPT + 3);
    } finally {
      await moveFakeClock(clock, Date.now());
      for (const { id } of pair) await call(suite, 'DELETE', `/api/admin/administrators/${id}`, { token });
    }
  });
});
