import type { FastifyInstance } from 'fastify';

export async function teamRoutes(_app: FastifyInstance): Promise<void> {}
