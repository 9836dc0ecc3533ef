import { describe, expect, it } from 'vitest';
import { isAdminLoginPage, isAdminPage, isApi, isPrivate, LOGGED_PATH_CHARS, loggedPath, requiresAdmin } from './areas.ts';

describe('site areas', () => {
  it('tells admin screens from public pages that merely start alike', () => {
    expect(isAdminPage('/admin')).toBe(true);
    expect(isAdminPage('/admin/news')).toBe(true);
    expect(isAdminPage('/administrators-guide')).toBe(false);
    expect(isAdminLoginPage('/admin/')).toBe(true);
    expect(isAdminLoginPage('/admin/dashboard')).toBe(false);
  });

  it('guards every admin call but sign-in, including the image flow outside /api/admin', () => {
    expect(requiresAdmin('/api/admin/news/{id}')).toBe(true);
    expect(requiresAdmin('/api/admin/login')).toBe(false);
    expect(requiresAdmin('/api/objects/upload')).toBe(true);
    expect(requiresAdmin('/api/news-images')).toBe(true);
    expect(requiresAdmin('/api/objects/{token}')).toBe(false);
    expect(requiresAdmin('/api/news')).toBe(false);
    expect(requiresAdmin('/api/administrators')).toBe(false);
  });

  it('keeps admin answers and upload links out of shared caches', () => {
    for (const path of ['/admin', '/admin/events', '/api/admin/login', '/api/admin/news', '/api/objects/abc', '/api/news-images']) {
      expect(isPrivate(path)).toBe(true);
    }
    for (const path of ['/', '/news', '/api/news', '/administrators-guide']) expect(isPrivate(path)).toBe(false);
    expect(isApi('/api')).toBe(true);
    expect(isApi('/apiary')).toBe(false);
  });

  it('leaves an upload link’s token out of the log, and every other path as it is', () => {
    expect(loggedPath('/api/objects/F514kaMvVlL5bMpcOLREf4-Jjgd53YnPlyZ5CTe1jl0')).toBe('/api/objects/(upload link)');
    expect(loggedPath('/api/objects/upload')).toBe('/api/objects/upload');
    expect(loggedPath('/api/news')).toBe('/api/news');
    expect(loggedPath('/api/objectsfoo/x')).toBe('/api/objectsfoo/x');
  });

  it('cuts a path longer than the log keeps, and says its length', () => {
    const atMost = `/news/${'a'.repeat(LOGGED_PATH_CHARS - 6)}`;
    expect(loggedPath(atMost)).toBe(atMost);
    const long = `/${'%00'.repeat(5000)}`;
    expect(loggedPath(long)).toBe(`${long.slice(0, LOGGED_PATH_CHARS)}… (15001 characters)`);
  });
});
