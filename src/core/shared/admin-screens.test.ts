import { describe, expect, it } from 'vitest';
import { isSignInGuess, returnPathFromQuery, returnPathOf, signInPageFor } from './admin-screens.ts';

describe('the address to go on to after sign-in', () => {
  it('keeps an admin screen with its query, and leaves the dashboard and the fragment out', () => {
    expect(signInPageFor('/admin/news?edit=abc123')).toBe('/admin?next=%2Fadmin%2Fnews%3Fedit%3Dabc123');
    expect(signInPageFor('/admin/news/abc123/preview')).toBe('/admin?next=%2Fadmin%2Fnews%2Fabc123%2Fpreview');
    expect(signInPageFor('/admin/dashboard')).toBe('/admin');
    expect(returnPathFromQuery('?next=%2Fadmin%2Fnews%3Fedit%3Dabc123')).toBe('/admin/news?edit=abc123');
    expect(returnPathOf('/admin/events#top')).toBe('/admin/events');
    expect(returnPathOf('/admin/news/')).toBe('/admin/news/');
  });

  it('goes on only to an address the admin has: a mistyped or guessed one goes to the dashboard', () => {
    for (const unknown of [
      '/admin/login',
      '/admin/newz',
      '/admin/news/abc/edit',
      '/admin/news//preview',
      '/admin/news/a/b/preview',
      '/admin/dashboard/x',
    ]) {
      expect(signInPageFor(unknown), unknown).toBe('/admin');
    }
    expect(returnPathFromQuery('?next=%2Fadmin%2Fsettings')).toBe('/admin/settings');
    expect(returnPathFromQuery('?next=%2Fadmin%2Fsetings')).toBeNull();
  });

  it('knows the addresses people try for a sign-in page, under /admin only', () => {
    for (const guess of [
      '/admin/login',
      '/admin/login/',
      '/admin/Login',
      '/admin/sign-in',
      '/admin/signin',
      '/admin/log-in',
      '/admin/logon',
      '/admin/sign_in',
    ]) {
      expect(isSignInGuess(guess), guess).toBe(true);
    }
    for (const other of [
      '/admin',
      '/admin/',
      '/login',
      '/admin/news',
      '/admin/login/x',
      '/admin/loginx',
      '/api/admin/login',
      '/admin/news/login',
    ]) {
      expect(isSignInGuess(other), other).toBe(false);
    }
  });

  it('never names another site, the sign-in page, or a path that leaves /admin', () => {
    for (const hostile of [
      null,
      '',
      '/admin',
      '/admin?next=/admin/news',
      '//evil.example/admin/',
      'https://evil.example/admin/news',
      '/\\evil.example/admin/',
      '/admin/\\\\evil.example',
      '/admin\\news',
      '/admin/../api/admin/news',
      '/admin/%2e%2e/api/admin/news',
      '/admin/.%2E/x',
      '/admin/news\r\nSet-Cookie: a=b',
      '/admin/news\u0000',
      '/administrators-guide',
      'javascript:alert(1)//admin/',
      `/admin/${'a'.repeat(2000)}`,
    ]) {
      expect(returnPathOf(hostile), String(hostile)).toBeNull();
    }
    expect(returnPathFromQuery('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnPathFromQuery('?next=%2F%2Fevil.example')).toBeNull();
    expect(signInPageFor('/admin/../x')).toBe('/admin');
  });
});
