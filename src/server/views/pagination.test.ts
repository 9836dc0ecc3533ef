import { describe, expect, it } from 'vitest';
import { paginate } from './pagination.ts';

const at = (query: string) => new URL(`http://x/news${query}`);

describe('paginate', () => {
  it('starts at page 1 and links the neighbours', () => {
    expect(paginate(at(''), 30)).toMatchObject({ page: 1, totalPages: 3, offset: 0, prev: undefined, next: '/news?page=2' });
    expect(paginate(at('?page=2'), 30)).toMatchObject({ page: 2, offset: 12, prev: '/news', next: '/news?page=3' });
    expect(paginate(at('?page=3'), 30)).toMatchObject({ page: 3, next: undefined });
  });

  it('has one page when empty and refuses pages that do not exist', () => {
    expect(paginate(at(''), 0)).toMatchObject({ page: 1, totalPages: 1 });
    for (const q of ['?page=0', '?page=-1', '?page=abc', '?page=1.5', '?page=4']) expect(paginate(at(q), 30)).toBeNull();
  });
});

describe('the page path', () => {
  it('is the list path on page 1 and carries ?page=N after', () => {
    expect(paginate(at(''), 30)?.path).toBe('/news');
    expect(paginate(at('?page=3'), 30)?.path).toBe('/news?page=3');
  });
});
