import type { FastifyInstance } from 'fastify';

export async function gatewaysRoutes(_app: FastifyInstance): Promise<void> {}
