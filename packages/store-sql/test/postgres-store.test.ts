import { describeSqlStore } from './support/describe-sql-store.js';
import { postgresTestServer } from '../src/testing/index.js';

// Each run works in its own schema gh_<random> (search_path), dropped afterwards.
describeSqlStore(await postgresTestServer());
