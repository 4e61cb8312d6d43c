import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import type { Config } from './config';
import type { Database } from './db/client';
import { authRoutes } from './features/auth/auth.routes';
import { sealMfaSecrets } from './features/auth/seal-mfa-secrets';
import { consoleRoutes } from './features/console/console.routes';
import type { FetchText } from './features/delivery-events/sns-signature';
import { webhooksRoutes } from './features/delivery-events/webhooks.routes';
import { disputesRoutes } from './features/disputes/disputes.routes';
import { createDocumentStorage, type DocumentStorage } from './features/documents';
import { eventsRoutes } from './features/events/events.routes';
import { gatewaysRoutes } from './features/gateways/gateways.routes';
import { healthRoutes } from './features/health/health.routes';
import { intakeRoutes } from './features/intake/intake.routes';
import { createTransports } from './features/mail/providers/create-transports';
import { createAppMetrics } from './features/metrics/app-metrics';
import { metricsRoutes } from './features/metrics/metrics.routes';
import { recordRequests } from './features/metrics/record-requests';
import { forgetWrittenOrders, OrderDetailCache } from './features/order-detail';
import { orderDetailRoutes } from './features/order-detail/order-detail.routes';
import { RollupCache } from './features/orders';
import { ordersRoutes } from './features/orders/orders.routes';
import { accessAudit } from './features/privacy/access-audit';
import { reportsRoutes } from './features/reports/reports.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { teamRoutes } from './features/team/team.routes';
import { trackLockRoutes } from './features/visitor/track-lock.routes';
import { visitorRoutes } from './features/visitor/visitor.routes';
import { answerSerializerCompiler } from './lib/answer-serializer';
import { AuditBatch } from './lib/audit-batch';
import { apiDescriptionSchema } from './lib/contract-schema';
import { DrawnPdfs } from './lib/drawn-pdfs';
import { EventHub } from './lib/event-hub';
import { MemberCache } from './lib/member-cache';
import { serializeRequest } from './lib/redact-url';
import { RequestActivity } from './lib/request-activity';
import { createPdfRenderer } from './pdf-jobs';
import { staffScope } from './plugins/authentication';
import { registerDraining } from './plugins/draining';
import { registerErrorHandler } from './plugins/error-handler';
import { idempotency } from './plugins/idempotency';
import { registerInputGuard } from './plugins/input-guard';
import { BUSY_MESSAGE, registerLoadShedding } from './plugins/load-shedding';
import { registerSecurityHeaders } from './plugins/security-headers';
import { serveWebApp } from './plugins/web-app';
import './app-context';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Log fields that must never reach a log line: secrets and passport data. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  // Plugins log header sets of their own (multipart logs busboy's options at trace level).
  '*.headers.authorization',
  '*.headers["x-api-key"]',
  '*.headers.cookie',
  '*.password',
  '*.newPassword',
  '*.jwtToken',
  '*.token',
  '*.passport_number',
  '*.passportNumber',
  '*.national_identity_number',
  '*.nationalIdentityNumber',
];

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where the app's own logger writes, stdout by default (the log tests read it back). */
  logStream?: { write(line: string): void };
  /** Told of every route as it is registered (the authorization tests collect them). */
  onRoute?: (route: RouteOptions) => void;
  /** Fetches SNS signing certificates and subscription URLs (tests: a local stand-in, never the network). */
  fetchText?: FetchText;
  /** The document storage, when the caller has built it already (the server seeds through it first). */
  storage?: DocumentStorage;
}

/** Builds the whole application without listening: tests drive it with app.inject. */
export async function buildApp({
  config,
  database,
  logger,
  logStream,
  onRoute,
  fetchText,
  storage,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.LOG_LEVEL,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      serializers: { req: serializeRequest },
      ...(logStream && { stream: logStream }),
    },
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    logController: new LogController({ disableRequestLogging: config.NODE_ENV === 'test' }),
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  // The API speaks JSON (and multipart for uploads): a text body is answered 415, not parsed.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  // Outside production every answer is also checked by its zod schema (lib/answer-serializer.ts).
  app.setSerializerCompiler(answerSerializerCompiler({ checkWithZod: !config.isProduction }));

  await sealMfaSecrets(database.db, config.mfaKey);
  const events = new EventHub(database);
  await events.start();
  const members = new MemberCache(database, config.MEMBER_CACHE_MAX_AGE_MS);
  await members.start();
  const orderDetails = new OrderDetailCache(database, config.DETAIL_CACHE_MAX_AGE_MS);
  await orderDetails.start();
  const drawnPdfs = new DrawnPdfs({ maxAgeMs: config.PDF_CACHE_MAX_AGE_MS });
  await drawnPdfs.start(database);
  const auditBatch = new AuditBatch(database.db, app.log);
  const metrics = config.METRICS_TOKEN ? createAppMetrics(database) : undefined;
  // Shared services are built here, once; features take them from app.ctx.
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    events,
    members,
    orderDetails,
    auditBatch,
    storage: storage ?? createDocumentStorage(config),
    mail: createTransports(config),
    rollup: new RollupCache(events, config.FOLDER_COUNTS_MAX_AGE_MS),
    pdf: createPdfRenderer(config.pdfWorkers),
    drawnPdfs,
    requests: new RequestActivity(),
    metrics,
  };
  app.decorate('ctx', ctx);
  if (metrics) recordRequests(app, metrics);
  app.addHook('onClose', async () => {
    // Requests have ended: the views they audited are written before the database closes.
    await auditBatch.flush();
    await orderDetails.stop();
    await drawnPdfs.stop();
    await members.stop();
    await events.stop();
  });

  // Once the server is stopping, answers close their connection: Fastify closes the connections
  // idle at that moment only, and a kept-alive one that turns idle later would hold the exit up
  // until its keep-alive timeout (past close-with-grace's 10 s).
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });

  registerDraining(app);
  registerLoadShedding(app, { activity: ctx.requests });
  registerErrorHandler(app);
  registerInputGuard(app);
  await registerSecurityHeaders(app, config);
  await app.register(underPressure, {
    // Off in tests: each file migrates an in-process PGlite on this loop right before its first
    // request, and the delay it leaves in the sample would answer that request 503.
    maxEventLoopDelay: config.NODE_ENV === 'test' ? 0 : 2000,
    pressureHandler: shedLoad,
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 10_000 } });
  await app.register(swagger, {
    openapi: { info: { title: 'NZeTA back office API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await api.register(idempotency);
      await api.register(healthRoutes);
      await api.register(metricsRoutes);
      await api.register(async (front) => visitorRoutes(front), { prefix: '/front' });
      await api.register(async (intake) => intakeRoutes(intake), { prefix: '/intake' });
      await api.register(async (webhooks) => webhooksRoutes(webhooks, { fetchText }), { prefix: '/webhooks' });
      await api.register(async (staffApi) => {
        await staffApi.register(staffScope);
        await staffApi.register(accessAudit);
        forgetWrittenOrders(staffApi, orderDetails);
        // The API description maps every route and field: for signed-in staff only.
        staffApi.get('/docs', { config: { permission: 'account.self' }, schema: apiDescriptionSchema }, async () =>
          app.swagger(),
        );
        await staffApi.register(authRoutes);
        await staffApi.register(eventsRoutes);
        await staffApi.register(teamRoutes);
        await staffApi.register(gatewaysRoutes);
        await staffApi.register(ordersRoutes);
        await staffApi.register(consoleRoutes);
        await staffApi.register(orderDetailRoutes);
        await staffApi.register(disputesRoutes);
        await staffApi.register(reportsRoutes);
        await staffApi.register(settingsRoutes);
        await staffApi.register(trackLockRoutes);
      });
    },
    { prefix: '/api' },
  );

  await serveWebApp(app);
  return app;
}

/**
 * The 503 of an overloaded server. The answer is returned, not sent: when the handler returns
 * nothing, under-pressure runs the route anyway (doing the work it meant to shed, then failing a
 * second send). Its typings only allow void, hence the cast.
 */
const shedLoad = ((_request: FastifyRequest, reply: FastifyReply) => {
  reply.code(503).header('retry-after', '5');
  return { status: 0, message: BUSY_MESSAGE, code: 'SERVICE_UNAVAILABLE' };
}) as unknown as NonNullable<FastifyUnderPressureOptions['pressureHandler']>;

/**
 * TRUST_PROXY: the proxies' addresses / CIDRs ('loopback, 10.0.0.0/8') or a hop count ('1').
 * 'true' (believe any X-Forwarded-For) is refused by the configuration in production.
 */
export function parseTrustProxy(
  value: string | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((v) => v.trim());
}
