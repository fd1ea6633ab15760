import type { AccessTokenPayload } from '@gatehousejs/core';

// `req.user` is declared the way Passport declares it (`Express.User`, and `user?: User | undefined`
// on the request), so an app with @types/passport installed gets one merged declaration instead of
// TS2717 ("subsequent property declarations must have the same type"). On routes behind the
// Gatehouse guard, `req.user` is the verified access-token payload.
declare global {
  namespace Express {
    interface User extends AccessTokenPayload {}
    interface Request {
      /** The verified access-token payload, set by the Gatehouse guard on protected routes. */
      user?: User | undefined;
    }
  }
}
