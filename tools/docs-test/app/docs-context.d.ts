// Most examples in the docs show one step, and take `auth`, `config`, `store`, `mailer` or an
// Express `app` from an earlier step of their page instead of repeating it. The docs test compiles
// each block beside this file, which gives those names the types they have in a real app; a block
// that defines its own shadows them.
import type { Auth, AuthConfig } from '@gatehousejs/core';
import type { AuthStore, Mailer } from '@gatehousejs/core/ports';
import type { Express } from 'express';

declare global {
  const auth: Auth;
  const config: AuthConfig;
  const store: AuthStore;
  const mailer: Mailer;
  const app: Express;
}
