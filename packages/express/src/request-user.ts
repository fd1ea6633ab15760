import type { AccessTokenPayload } from '@gatehouse/core';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The verified access-token payload, set by the Gatehouse guard on protected routes. */
      user?: AccessTokenPayload;
    }
  }
}

export {};
