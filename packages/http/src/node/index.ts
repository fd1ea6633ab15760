export { createDraining } from './draining.js';
export type { Draining } from './draining.js';
