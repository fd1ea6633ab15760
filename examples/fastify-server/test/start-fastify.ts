import type { AppParts } from '@gatehousejs/example-server-kit';
import { fastifyListener } from '../src/app.js';

/** The Fastify example as the kit's `createListener`, the way `main.ts` builds it. */
export const createFastifyListener = (parts: AppParts) => fastifyListener(parts);
