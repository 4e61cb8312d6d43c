import type { FastifyInstance } from 'fastify';
import { folderListRoutes } from './folder-list.routes';
import { orderActionRoutes } from './order-actions.routes';

/**
 * The order routes (SPEC §7 Orders, DESIGN §2 and §7): what the folder screens read, and what
 * members do to orders. Each half is its own file.
 */
export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  await folderListRoutes(app);
  await orderActionRoutes(app);
}
