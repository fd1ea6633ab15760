import { describeHttpSuite } from '@gatehousejs/http/testing';
import { postgresTestServer, openScratchStore, scratchSkipReason } from '@gatehousejs/store-sql/testing';
import { fetchTarget } from './suite-target.js';

// Each app of the suite gets its own migrated scratch schema, dropped when it closes.
const database = await postgresTestServer();
describeHttpSuite(
  'Web-standard handler on PostgreSQL',
  fetchTarget(() => openScratchStore(database), scratchSkipReason(database)),
);
