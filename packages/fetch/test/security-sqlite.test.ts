import { describeSecuritySuite } from '@gatehousejs/http/testing';
import { openScratchStore, sqliteTestServer } from '@gatehousejs/store-sql/testing';
import { fetchTarget } from './suite-target.js';

// Rate limits count in the SQL database here, as they do in production on a SQL store.
const database = sqliteTestServer();
describeSecuritySuite(
  'Security of the web-standard handler on SQLite',
  fetchTarget(() => openScratchStore(database)),
);
