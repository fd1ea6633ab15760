import type { AppParts } from '@gatehousejs/example-server-kit';
import { type NestPlatform, nestListener } from '../src/nest-listener.js';

/** The Nest example as the kit's `createListener`, the way `main.ts` builds it: Express underneath by default. */
export const createNestListener = (parts: AppParts) => nestListener(parts, 'express');

/** The same on Fastify (`NEST_PLATFORM=fastify`). */
export const createNestFastifyListener = (parts: AppParts) => nestListener(parts, 'fastify' satisfies NestPlatform);
