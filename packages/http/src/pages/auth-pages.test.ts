import { AuthError, type Auth } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import { prefersHtml, type AuthPages, type VerifyEmailOutcome } from './auth-pages.js';
import { AUTH_ROUTES, type AuthRouteInput } from '../routes/auth-routes.js';

const CHROME_NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const FIREFOX_NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('prefersHtml', () => {
  it('is true for what browsers send when they follow a link', () => {
    expect(prefersHtml(CHROME_NAVIGATION)).toBe(true);
    expect(prefersHtml(FIREFOX_NAVIGATION)).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml('TEXT/HTML; charset=utf-8')).toBe(true);
    expect(prefersHtml('application/json;q=0.5, text/html')).toBe(true);
  });

  it('is false for API clients, curl, fetch and anything that ranks JSON at least as high', () => {
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('')).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/json, text/plain, */*')).toBe(false);
    expect(prefersHtml('application/json, text/html')).toBe(false);
    expect(prefersHtml('text/html;q=0.5, application/json')).toBe(false);
    expect(prefersHtml('text/html;q=0')).toBe(false);
    expect(prefersHtml('text/html;q=abc')).toBe(false);
  });
});

describe('GET /verify-email with pages', () => {
  const route = AUTH_ROUTES.find((r) => r.method === 'GET' && r.path === '/verify-email')!;
  const seen: VerifyEmailOutcome[] = [];
  const pages: AuthPages = {
    verifyEmail: (outcome) => {
      seen.push(outcome);
      return {
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'" },
        body: `<p>${outcome.message}</p>`,
      };
    },
  };
  const authThat = (verifyEmail: Auth['verifyEmail']) => ({ verifyEmail }) as Auth;
  const confirms = authThat(async () => ({ message: 'Your e-mail address is confirmed.' }));
  const refuses = authThat(async () => {
    throw new AuthError('ONE_TIME_TOKEN_INVALID', 'The confirmation link is invalid, was already used or has expired.');
  });
  const input = (accept: string | undefined, withPages = true): AuthRouteInput => ({
    body: undefined,
    query: { token: 'abc' },
    user: undefined,
    client: {},
    accept,
    pages: withPages ? pages : undefined,
  });

  it('answers a browser with the page, its headers and Vary: Accept', async () => {
    const result = await route.handle(confirms, input(CHROME_NAVIGATION));
    expect(result).toEqual({
      status: 200,
      html: '<p>Your e-mail address is confirmed.</p>',
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'", Vary: 'Accept' },
    });
    expect(seen.at(-1)).toEqual({ confirmed: true, status: 200, message: 'Your e-mail address is confirmed.' });
  });

  it('shows a refused link as a page with the status and message the JSON error would have', async () => {
    const result = await route.handle(refuses, input(FIREFOX_NAVIGATION));
    expect(result.status).toBe(400);
    expect(result.html).toBe('<p>The confirmation link is invalid, was already used or has expired.</p>');
    expect(result.body).toBeUndefined();
    expect(seen.at(-1)).toEqual({
      confirmed: false,
      status: 400,
      message: 'The confirmation link is invalid, was already used or has expired.',
    });
  });

  it('keeps answering JSON to API clients, and lets their errors reach the error handler', async () => {
    expect(await route.handle(confirms, input('application/json'))).toEqual({
      status: 200,
      body: { message: 'Your e-mail address is confirmed.' },
      headers: { Vary: 'Accept' },
    });
    await expect(route.handle(refuses, input(undefined))).rejects.toMatchObject({ code: 'ONE_TIME_TOKEN_INVALID' });
  });

  it('answers JSON to everyone when the adapter has no pages', async () => {
    expect(await route.handle(confirms, input(CHROME_NAVIGATION, false))).toEqual({
      status: 200,
      body: { message: 'Your e-mail address is confirmed.' },
    });
  });

  it('passes unexpected errors on instead of rendering them', async () => {
    const breaks = authThat(async () => {
      throw new Error('database is down');
    });
    await expect(route.handle(breaks, input(CHROME_NAVIGATION))).rejects.toThrow('database is down');
  });
});
