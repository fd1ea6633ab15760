import { describeSqlStore } from './support/describe-sql-store.js';
import { sqliteTestServer } from '../src/testing/index.js';

describeSqlStore(sqliteTestServer());
