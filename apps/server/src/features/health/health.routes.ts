import { contracts } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { settings } from '../../db/schema';
import { contractSchema } from '../../lib/contract-schema';
import { migrationsChecker } from './migrations-applied';

export const DEFAULT_PRODUCT_TITLE = 'New Zealand Electronic Travel Authority (NZeTA)';

const tags = ['health'];
const { publicContracts: health } = contracts;

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  /** Public settings the screens need before anyone signs in. */
  app.get(
    health.appConfig.path,
    { schema: contractSchema(health.appConfig, tags), config: { permission: 'public' } },
    async () => {
      const [row] = await app.ctx.db.select().from(settings).where(eq(settings.key, 'productTitle')).limit(1);
      return {
        status: 1,
        message: 'OK',
        data: {
          productTitle: typeof row?.value === 'string' ? row.value : DEFAULT_PRODUCT_TITLE,
          publicSiteUrl: app.ctx.config.PUBLIC_SITE_URL,
          applicationMailDomain: app.ctx.config.APPLICATION_MAIL_DOMAIN,
          businessTimeZone: app.ctx.config.BUSINESS_TZ,
          idleTimeoutMinutes: app.ctx.config.IDLE_TIMEOUT_MINUTES,
        },
      };
    },
  );

  // Once the server is stopping it is not ready for new work, while what is in flight finishes.
  let isStopping = false;
  app.addHook('preClose', async () => {
    isStopping = true;
  });
  const migrations = migrationsChecker(app.ctx.db);

  /** Readiness (load balancers): the database answers and every migration is applied. */
  app.get(
    health.health.path,
    { schema: contractSchema(health.health, tags), config: { permission: 'public' } },
    async (_request, reply) => {
      const database = app.ctx.database.engine;
      if (isStopping)
        return reply
          .code(503)
          .send({ status: 0, message: 'shutting down', code: 'SERVICE_UNAVAILABLE', data: { database } });
      try {
        if (!(await migrations.areApplied())) {
          return reply
            .code(503)
            .send({ status: 0, message: 'migrations not applied', code: 'SERVICE_UNAVAILABLE', data: { database } });
        }
        // the signal may have come while the database was asked
        if (isStopping)
          return reply
            .code(503)
            .send({ status: 0, message: 'shutting down', code: 'SERVICE_UNAVAILABLE', data: { database } });
        return { status: 1, message: 'ready', data: { database } };
      } catch {
        return reply
          .code(503)
          .send({ status: 0, message: 'database unavailable', code: 'SERVICE_UNAVAILABLE', data: { database } });
      }
    },
  );

  /** Liveness (process supervisors): the event loop answers; the database is not asked. */
  app.get(
    health.healthLive.path,
    { schema: contractSchema(health.healthLive, tags), config: { permission: 'public' } },
    async () => ({
      status: 1,
      message: 'alive',
    }),
  );
}
