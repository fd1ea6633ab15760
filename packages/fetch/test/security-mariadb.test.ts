import { describeSecuritySuite } from '@gatehousejs/http/testing';
import { mariadbTestServer, openScratchStore, scratchSkipReason } from '@gatehousejs/store-sql/testing';
import { fetchTarget } from './suite-target.js';

// Each app gets its own scratch database; the cases across instances share one.
const database = await mariadbTestServer();
describeSecuritySuite(
  'Security of the web-standard handler on MariaDB',
  fetchTarget(() => openScratchStore(database), scratchSkipReason(database)),
);
