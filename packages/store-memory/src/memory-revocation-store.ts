import type { Revocation, RevocationStore } from '@gatehousejs/core/ports';

/** Recent revocations in memory: one entry per session or user, the latest kept. */
export function createMemoryRevocationStore(): RevocationStore {
  const entries = new Map<string, Revocation & { expiresAt: number }>();
  return {
    async recordRevocations(revocations, expiresAt) {
      for (const r of revocations) {
        const key = `${r.kind}:${r.id}`;
        const known = entries.get(key);
        if (!known || known.at <= r.at) entries.set(key, { kind: r.kind, id: r.id, at: r.at, expiresAt: expiresAt.getTime() });
      }
    },

    async listRevocationsSince(since, now) {
      return [...entries.values()]
        .filter((r) => r.at >= since && r.expiresAt > now.getTime())
        .map(({ kind, id, at }) => ({ kind, id, at }));
    },

    async deleteRevocationsExpiredBefore(before) {
      let deleted = 0;
      for (const [key, r] of entries) {
        if (r.expiresAt <= before.getTime()) {
          entries.delete(key);
          deleted++;
        }
      }
      return deleted;
    },
  };
}
