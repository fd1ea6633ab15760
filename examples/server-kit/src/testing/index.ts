export { startForSuite } from './start-for-suite.js';
export { describeOnDatabase } from './describe-on-databases.js';
export { describeExamplePages } from './example-pages-suite.js';
