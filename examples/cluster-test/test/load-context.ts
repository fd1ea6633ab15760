import type { Account } from './harness/accounts.js';
import type { VirtualUser } from './harness/load-generator.js';
import type { ClusterContext } from './contract-across-instances.js';

/** The cluster, plus what the load tests share: signed-in load users and a probe account. */
export interface LoadContext extends ClusterContext {
  users: VirtualUser[];
  probe: { account: Account; accessToken: string };
  /** Requests per second of the load (GATEHOUSE_CLUSTER_RPS, default 100). */
  ratePerSecond: number;
}
