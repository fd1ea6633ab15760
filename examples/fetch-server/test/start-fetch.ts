import type { AppParts } from '@gatehousejs/example-server-kit';
import { createHandler } from '../src/app.js';
import { nodeListener } from '../src/node-listener.js';

/** The web-standard example as the kit's `createListener`, the way `main.ts` builds it. */
export const createFetchListener = (parts: AppParts) => nodeListener(createHandler(parts));
