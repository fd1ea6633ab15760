import { describe, expect, it } from 'vitest';
import { queryFromSearchParams, queryFromUrl } from './query-params.js';

describe('queryFromUrl', () => {
  it('gives what queryFromSearchParams gives for the URL parser’s search', () => {
    const urls = [
      'http://x/a?token=a&token=b&x=1',
      'http://x/a?e=%C3%A9&plus=a+b&empty=&flag',
      'http://x/a?token=a#fragment',
      'http://x/a?',
      'http://x/a?%zz=1',
    ];
    for (const url of urls) expect(queryFromUrl(url)).toEqual(queryFromSearchParams(new URL(url).searchParams));
  });

  it('is an empty record without a query', () => {
    const query = queryFromUrl('http://x/api/v1/users/me');
    expect(Object.keys(query)).toEqual([]);
    // Like queryFromSearchParams: no prototype, so `query.constructor` is not a key a client set.
    expect(Object.getPrototypeOf(query)).toBeNull();
  });
});
