/**
 * A service that auth depends on and that a readiness check may ask: a database, Redis, a worker
 * pool. `name` is what the check is called in the readiness answer (`database`, `redis`, `hasher`).
 */
export interface DependencyCheck {
  readonly name: string;
  /** Resolves when the dependency answers (a `select 1`, a `PING`); rejects otherwise. Cheap: it runs on every probe. */
  ping(): Promise<unknown>;
}
