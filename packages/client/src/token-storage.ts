import type { TokenPair } from './api-types.js';

/**
 * Where the client keeps the signed-in session. Memory by default (gone on reload, never readable
 * by other scripts of the page); a browser app that wants sessions to survive a reload can keep
 * them in `localStorage` with `webTokenStorage`, accepting that any script on the origin can read them.
 */
export interface TokenStorage {
  load(): TokenPair | null | Promise<TokenPair | null>;
  save(tokens: TokenPair | null): void | Promise<void>;
}

/** Keeps the tokens in this object only. */
export function memoryTokenStorage(): TokenStorage {
  let current: TokenPair | null = null;
  return {
    load: () => current,
    save: (tokens) => {
      current = tokens ? { ...tokens } : null;
    },
  };
}

/** The part of the Web Storage API `webTokenStorage` uses (`localStorage`, `sessionStorage`). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Keeps the tokens in a Web Storage area under one key, shared by every tab of the origin (with
 * `localStorage`), so a refresh made in one tab is seen by the others.
 *
 * @example
 * const client = createGatehouseClient({ baseUrl: '', storage: webTokenStorage(localStorage) });
 */
export function webTokenStorage(area: KeyValueStorage, key = 'gatehouse.session'): TokenStorage {
  return {
    load() {
      const raw = area.getItem(key);
      if (raw === null) return null;
      try {
        const parsed = JSON.parse(raw) as Partial<TokenPair>;
        return typeof parsed.accessToken === 'string' && typeof parsed.refreshToken === 'string'
          ? { accessToken: parsed.accessToken, refreshToken: parsed.refreshToken }
          : null;
      } catch {
        return null;
      }
    },
    save(tokens) {
      if (tokens) area.setItem(key, JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }));
      else area.removeItem(key);
    },
  };
}
