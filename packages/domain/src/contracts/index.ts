import * as account from './account';
import * as consoleContracts from './console';
import type { Contract } from './contract';
import * as disputes from './disputes';
import * as orderDetail from './order-detail';
import * as orders from './orders';
import * as publicContracts from './public';

export * from './contract';
export { account, consoleContracts, disputes, orderDetail, orders, publicContracts };

function contractsOf(module: Record<string, unknown>): Contract[] {
  return Object.values(module).filter(
    (value): value is Contract =>
      typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'answer' in value,
  );
}

/**
 * Every endpoint, keyed like ROUTE_POLICY ('METHOD /api/path'): the route-table test matches
 * the running server against it, and the API description is built from the same objects.
 */
export const CONTRACTS: Readonly<Record<string, Contract>> = Object.fromEntries(
  [account, consoleContracts, disputes, orderDetail, orders, publicContracts]
    .flatMap((module) => contractsOf(module))
    .map((c) => [`${c.method} /api${c.path}`, c]),
);
