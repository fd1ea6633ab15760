import { AuthError } from '@gatehousejs/core';
import type { UserPage, UserRecord, UserStore } from '@gatehousejs/core/ports';
import { canonicalRoles, copyUser, uniqueKey, type MemoryState } from './memory-state.js';

const byCreation = (a: UserRecord, b: UserRecord) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Applies `change` to a stored user in place; unknown ids are ignored, as the port allows. */
function update(state: MemoryState, id: string, change: (user: UserRecord) => void): void {
  const user = state.users.get(id);
  if (user) change(user);
}

/** Sets a new password hash synchronously; shared with the password reset so it stays atomic. */
export function changePasswordNow(state: MemoryState, id: string, passwordHash: string | null, at: Date): void {
  update(state, id, (user) => {
    user.passwordHash = passwordHash;
    user.passwordChangedAt = new Date(at.getTime());
    user.updatedAt = new Date(at.getTime());
  });
}

/** Adds one to a user's token version synchronously; shared with the password reset. Null for an unknown id. */
export function bumpTokenVersionNow(state: MemoryState, id: string, at: Date): number | null {
  const user = state.users.get(id);
  if (!user) return null;
  user.tokenVersion += 1;
  user.updatedAt = new Date(at.getTime());
  return user.tokenVersion;
}

/**
 * Inserts a user synchronously after checking both unique keys; shared with `createUserWithIdentity`.
 * An account without an address takes no e-mail key.
 */
export function createUserNow(state: MemoryState, input: UserRecord): void {
  const user = copyUser(input);
  const emailKey = user.email === null ? null : uniqueKey(user.email);
  const usernameKey = uniqueKey(user.username);
  if (emailKey !== null && state.userIdByEmailKey.has(emailKey)) throw new AuthError('EMAIL_TAKEN');
  if (state.userIdByUsernameKey.has(usernameKey)) throw new AuthError('USERNAME_TAKEN');
  state.users.set(user.id, user);
  if (emailKey !== null) state.userIdByEmailKey.set(emailKey, user.id);
  state.userIdByUsernameKey.set(usernameKey, user.id);
}

/**
 * The user port over plain maps. No method awaits between its check and its write, so on one JS
 * thread each call is atomic: of ten parallel `createUser` calls with one e-mail exactly one wins.
 */
export function createMemoryUserStore(state: MemoryState): UserStore {
  return {
    async createUser(input) {
      createUserNow(state, input);
    },

    async findUserById(id) {
      const user = state.users.get(id);
      return user ? copyUser(user) : null;
    },

    async findUserByEmail(email) {
      const id = state.userIdByEmailKey.get(uniqueKey(email));
      const user = id === undefined ? undefined : state.users.get(id);
      return user ? copyUser(user) : null;
    },

    async usernameExists(username) {
      return state.userIdByUsernameKey.has(uniqueKey(username));
    },

    async listUsers({ limit, offset }: UserPage) {
      return [...state.users.values()]
        .sort(byCreation)
        .slice(offset, offset + limit)
        .map(copyUser);
    },

    async listUsersByRole(role: string) {
      return [...state.users.values()]
        .filter((user) => user.roles.includes(role))
        .sort(byCreation)
        .map(copyUser);
    },

    async setUserRoles(id, roles, at, options = {}) {
      const user = state.users.get(id);
      if (!user) return null;
      const next = canonicalRoles(roles);
      if (options.keepLastSuper && user.roles.includes('super') && !next.includes('super')) {
        const otherSuper = [...state.users.values()].some((other) => other.id !== id && other.roles.includes('super'));
        if (!otherSuper) throw new AuthError('LAST_SUPER');
      }
      user.roles = next;
      user.updatedAt = new Date(at.getTime());
      if (options.bumpTokenVersion) user.tokenVersion += 1;
      return copyUser(user);
    },

    async markEmailVerified(id, at) {
      update(state, id, (user) => {
        user.isActive = true;
        user.emailVerifiedAt ??= new Date(at.getTime());
        user.updatedAt = new Date(at.getTime());
      });
    },

    async updatePasswordHash(id, passwordHash, at) {
      update(state, id, (user) => {
        user.passwordHash = passwordHash;
        user.updatedAt = new Date(at.getTime());
      });
    },

    async changePassword(id, passwordHash, at) {
      changePasswordNow(state, id, passwordHash, at);
    },

    async recordLogin(id, at) {
      // A login is not an edit of the account, so updatedAt stays as it was.
      update(state, id, (user) => {
        user.lastLoginAt = new Date(at.getTime());
      });
    },

    async setConfirmedEmail(id, email, at) {
      const user = state.users.get(id);
      if (!user) return false;
      const key = uniqueKey(email);
      const owner = state.userIdByEmailKey.get(key);
      if (owner !== undefined && owner !== id) throw new AuthError('EMAIL_TAKEN');
      if (user.email !== null) state.userIdByEmailKey.delete(uniqueKey(user.email));
      state.userIdByEmailKey.set(key, id);
      user.email = email;
      user.isActive = true;
      user.emailVerifiedAt = new Date(at.getTime());
      user.updatedAt = new Date(at.getTime());
      return true;
    },

    async bumpTokenVersion(id, at) {
      return bumpTokenVersionNow(state, id, at);
    },
  };
}
