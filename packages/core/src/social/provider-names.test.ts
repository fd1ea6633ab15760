import { describe, expect, it } from 'vitest';
import { cleanProviderName, usernameBase } from './provider-names.js';

describe('names a provider sends, through the registration rules', () => {
  it.each([
    ['CR/LF', 'Ada\r\nBcc: everyone', 'AdaBcc: everyone'],
    ['a right-to-left override (U+202E)', 'Ada\u202Egnp.exe', 'Adagnp.exe'],
    ['zero-width characters', 'A\u200Bd\u200Da\uFEFF', 'Ada'],
    ['markup', '<img src=x onerror=alert(1)>Ada <b>L</b>', 'Ada L'],
    ['only invisible characters', '\u200B\u202E\u2028', null],
  ])('cleans %s', (_what, input, expected) => {
    expect(cleanProviderName(input)).toBe(expected);
  });

  it('cuts a long name to the registration limit (100 characters), by code point', () => {
    expect(cleanProviderName('😀'.repeat(150))).toBe('😀'.repeat(100));
  });

  it('never turns preferred_username into a reserved name such as root or admin', () => {
    expect(usernameBase('root', 'github')).toBe('github_root');
    expect(usernameBase('Admin', 'oidc')).toBe('oidc_Admin');
    expect(usernameBase('rooted', 'github')).toBe('rooted');
    expect(usernameBase('\u202E', 'x')).toBe('x_user');
  });
});
