import { describeHttpSuite } from '@gatehousejs/http/testing';
import { postgresTestServer, openScratchStore, scratchSkipReason } from '@gatehousejs/store-sql/testing';
import { expressTarget } from './suite-target.js';

// Each app of the suite gets its own migrated scratch schema, dropped when it closes.
const database = await postgresTestServer();
describeHttpSuite(
  'Express on PostgreSQL',
  expressTarget(() => openScratchStore(database), scratchSkipReason(database)),
);
