import type { FastifyInstance } from 'fastify';

export async function visitorRoutes(_app: FastifyInstance): Promise<void> {}
