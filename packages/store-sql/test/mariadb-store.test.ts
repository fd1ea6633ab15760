import { describeSqlStore } from './support/describe-sql-store.js';
import { mariadbTestServer } from '../src/testing/index.js';

// Each run works in its own database gh_test_<random>, dropped afterwards.
describeSqlStore(await mariadbTestServer());
