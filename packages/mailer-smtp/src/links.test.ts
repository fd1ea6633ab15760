import { describe, expect, it } from 'vitest';
import { formatExpiry } from './default-templates.js';
import { escapeHtml } from './html-escape.js';
import { buildMailLink } from './links.js';

describe('buildMailLink', () => {
  it('points the confirmation mail at the verify-email API route', () => {
    expect(buildMailLink('https://app.example', 'email-verification', 'abc_DEF-123')).toBe(
      'https://app.example/api/v1/auth/verify-email?token=abc_DEF-123',
    );
  });

  it('points the reset mail at the reset-password page', () => {
    expect(buildMailLink('https://app.example', 'password-reset', 'abc_DEF-123')).toBe(
      'https://app.example/reset-password?token=abc_DEF-123',
    );
  });

  it('drops trailing slashes of the app URL and keeps its path', () => {
    expect(buildMailLink('https://example.com/auth//', 'password-reset', 't')).toBe('https://example.com/auth/reset-password?token=t');
  });

  it('URL-encodes the token', () => {
    expect(buildMailLink('http://localhost:3000', 'email-verification', 'a+b/c=&d e')).toBe(
      'http://localhost:3000/api/v1/auth/verify-email?token=a%2Bb%2Fc%3D%26d%20e',
    );
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('formatExpiry', () => {
  it('writes the expiry in UTC to the minute, whatever the server locale', () => {
    expect(formatExpiry(new Date('2025-03-01T14:05:59.999Z'))).toBe('2025-03-01 14:05 UTC');
  });
});
