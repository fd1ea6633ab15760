import type { AppParts } from '@gatehousejs/example-server-kit';
import { createApp } from '../src/app.js';
import { nodeListener } from '../src/node-listener.js';

/** The Hono example as the kit's `createListener`, the way `main.ts` builds it. */
export const createHonoListener = (parts: AppParts) => nodeListener(createApp(parts));
