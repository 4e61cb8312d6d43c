import type { FastifyInstance } from 'fastify';

export async function orderDetailRoutes(_app: FastifyInstance): Promise<void> {}
