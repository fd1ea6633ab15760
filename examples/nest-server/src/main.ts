import { fileURLToPath } from 'node:url';
import { ConfigurationError, runFromEnvironment } from '@gatehousejs/example-server-kit';
import { nestListener } from './nest-listener.js';

// `pnpm start:nest`: the example service on NestJS (Express underneath, or Fastify with
// NEST_PLATFORM=fastify), configured from the environment (CONTRACT §7).
await runFromEnvironment(
  (parts) => {
    const platform = process.env.NEST_PLATFORM ?? 'express';
    // Thrown here, the kit reports it as one line naming the setting and stops.
    if (platform !== 'express' && platform !== 'fastify') {
      throw new ConfigurationError(`NEST_PLATFORM must be express or fastify, not ${JSON.stringify(platform)}.`);
    }
    return nestListener(parts, platform);
  },
  { databaseFile: fileURLToPath(new URL('../data/gatehouse.db', import.meta.url)) },
);
