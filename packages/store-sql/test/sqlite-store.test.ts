import { describeSqlStore } from './support/describe-sql-store.js';
import { sqliteTestServer } from './support/sql-test-servers.js';

describeSqlStore(sqliteTestServer());
