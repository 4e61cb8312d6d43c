import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { settings } from '../../db/schema';

export const DEFAULT_PRODUCT_TITLE = 'New Zealand Electronic Travel Authority (NZeTA)';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  /** Public settings the screens need before anyone signs in. */
  app.get('/app-config', { schema: { tags: ['health'] }, config: { permission: 'public' } }, async () => {
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
  });

  app.get('/health', { schema: { tags: ['health'] }, config: { permission: 'public' } }, async (_request, reply) => {
    try {
      await app.ctx.db.execute(sql`select 1`);
      return { status: 1, message: 'ready', data: { database: app.ctx.database.engine } };
    } catch {
      return reply
        .code(503)
        .send({ status: 0, message: 'database unavailable', data: { database: app.ctx.database.engine } });
    }
  });
}
