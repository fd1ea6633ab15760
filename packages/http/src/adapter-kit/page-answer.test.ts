import { describe, expect, it } from 'vitest';
import { resetPasswordAnswers } from './page-answer.js';

describe('resetPasswordAnswers', () => {
  const page = resetPasswordAnswers({ path: '/account/reset' });

  it('answers GET with the page and HEAD with the same status and headers but no body', () => {
    const get = page('GET', '/account/reset');
    const head = page('HEAD', '/account/reset');
    expect(get?.status).toBe(200);
    expect(get?.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(get?.body).toContain('<form id="reset-form"');
    expect(head).toEqual({ ...get, body: undefined });
  });

  it('leaves a request it does not serve to the next handler', () => {
    expect(page('GET', '/reset-password')).toBeUndefined();
    expect(page('POST', '/account/reset')).toBeUndefined();
  });
});
