import { describeHttpSuite } from '@gatehousejs/http/testing';
import { openScratchStore, scratchSkipReason, sqliteTestServer } from '@gatehousejs/store-sql/testing';
import { nestTarget } from './suite-target.js';

// Each app of the suite gets its own migrated scratch file, dropped when it closes.
const database = sqliteTestServer();
describeHttpSuite(
  'Nest on Express on SQLite',
  nestTarget('express', () => openScratchStore(database), scratchSkipReason(database)),
);
