import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { AppContext } from './context';
import { AppError } from './lib/app-error';
import { createSbsConnector } from './integrations/adsb/sbs-connector';
import { pingDatabase } from './lib/database';
import { createDatabaseStatus } from './lib/database-status';
import { platformJobs } from './jobs/definitions';
import type { JobDefinition } from './jobs/jobs';
import { precompressedAssets } from './lib/precompressed';
import { createFileStore, FILE_STORES } from './lib/file-store';
import { uploadsDir } from './lib/uploads';
import { authenticate } from './middleware/authenticate';
import { apiNotFound, errorHandler } from './middleware/error-handler';
import { maintenance } from './middleware/maintenance';
import { accountRouter } from './modules/account/account.router';
import { agreementRouter, agreementsAdminRouter } from './modules/agreements/agreements.router';
import { createAgreementsRepository } from './modules/agreements/agreements.repository';
import { createAgreementsService } from './modules/agreements/agreements.service';
import { createAttachmentsRepository } from './modules/attachments/attachments.repository';
import { attachmentsRouter } from './modules/attachments/attachments.router';
import { createAttachmentsService } from './modules/attachments/attachments.service';
import { createAlertsRepository } from './modules/alerts/alerts.repository';
import { alertsRouter, violationsRouter } from './modules/alerts/alerts.router';
import { createAlertsService } from './modules/alerts/alerts.service';
import { dashboardRouter } from './modules/dashboard/dashboard.router';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createDevicesRepository } from './modules/devices/devices.repository';
import { devicesRouter } from './modules/devices/devices.router';
import { createDevicesService } from './modules/devices/devices.service';
import { createDocumentsRepository } from './modules/documents/documents.repository';
import { documentsRouter } from './modules/documents/documents.router';
import { createDocumentsService } from './modules/documents/documents.service';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { paymentsRouter } from './modules/payments/payments.router';
import { createPaymentsService } from './modules/payments/payments.service';
import { createTrackersRepository } from './modules/trackers/trackers.repository';
import { trackersRouter } from './modules/trackers/trackers.router';
import { createConformanceChecker } from './modules/conformance/conformance.checker';
import { createConformanceRepository } from './modules/conformance/conformance.repository';
import type { ViolationPublisher } from './modules/traffic/positions';
import { createTrafficModule } from './modules/traffic/traffic.module';
import { createTrafficRepository } from './modules/traffic/traffic.repository';
import { createLiveScopes } from './modules/traffic/traffic.scope';
import { trafficRouter } from './modules/traffic/traffic.router';
import { createTrackersService } from './modules/trackers/trackers.service';
import { whitelistRouter } from './modules/whitelist/whitelist.router';
import { createWhitelistRepository } from './modules/whitelist/whitelist.repository';
import { createWhitelistService } from './modules/whitelist/whitelist.service';
import { contextLayersRouter } from './modules/context-layers/context-layers.router';
import { createAirspacesRepository } from './modules/airspaces/airspaces.repository';
import { airspacesRouter } from './modules/airspaces/airspaces.router';
import { createAirspacesService } from './modules/airspaces/airspaces.service';
import { createAuditRepository } from './modules/audit/audit.repository';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRouter } from './modules/auth/auth.router';
import { createAuthService } from './modules/auth/auth.service';
import { createActivationsRepository } from './modules/activations/activations.repository';
import { createActivationsService } from './modules/activations/activations.service';
import { createAutomationRulesRepository } from './modules/automation-rules/automation-rules.repository';
import { createAutomationRulesService } from './modules/automation-rules/automation-rules.service';
import { createAutomationRepository } from './modules/automation/automation.repository';
import { automationRoutes } from './modules/automation/automation.routes';
import { createClassificationRulesRepository } from './modules/classification-rules/classification-rules.repository';
import { createClassificationRulesService } from './modules/classification-rules/classification-rules.service';
import { createDroneModelsRepository } from './modules/drone-models/drone-models.repository';
import { droneModelsRouter } from './modules/drone-models/drone-models.router';
import { createDroneModelsService } from './modules/drone-models/drone-models.service';
import { createGroupsRepository } from './modules/groups/groups.repository';
import { groupsRouter } from './modules/groups/groups.router';
import { createGroupsService } from './modules/groups/groups.service';
import { createMachinesRepository } from './modules/machines/machines.repository';
import { machinesRouter, userMachinesRouter } from './modules/machines/machines.router';
import { createMachinesService } from './modules/machines/machines.service';
import { touchedAirspaces } from './modules/airspaces/touched-airspaces';
import { createFlightsRepository } from './modules/flights/flights.repository';
import { createFlightsService } from './modules/flights/flights.service';
import { createMissionRegulation, createMissionVerdicts } from './modules/missions/missions.regulation';
import { createMissionsRepository } from './modules/missions/missions.repository';
import { missionsRouter } from './modules/missions/missions.router';
import { createMissionsService } from './modules/missions/missions.service';
import { notificationsRouter } from './modules/notifications/notifications.router';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { createNotificationSender, createNotificationsService } from './modules/notifications/notifications.service';
import { outboxRouter } from './modules/outbox/outbox.router';
import { createPushRepository } from './modules/push/push.repository';
import { commandsRouter, pushRouter } from './modules/push/push.router';
import { createPushService } from './modules/push/push.service';
import { createPilotsRepository } from './modules/pilots/pilots.repository';
import { pilotsRouter, userPilotsRouter } from './modules/pilots/pilots.router';
import { createPilotsService } from './modules/pilots/pilots.service';
import { createRequestEvaluator } from './modules/automation/evaluate-request';
import { requestsRouter } from './modules/requests/requests.router';
import { createRequestsRepository } from './modules/requests/requests.repository';
import { createRequestsService } from './modules/requests/requests.service';
import { regulationRouter } from './modules/regulation/regulation.router';
import { createRegulationService } from './modules/regulation/regulation.service';
import { systemRouter } from './modules/system/system.router';
import { createRecordOwners } from './modules/users/record-owner';
import { createUsersRepository } from './modules/users/users.repository';
import { usersRouter } from './modules/users/users.router';
import { createUsersService } from './modules/users/users.service';
import { createHttpTafSource, createRecordedTafSource } from './integrations/weather/taf-source';
import { missionWeatherRouter, weatherSettingsRouter } from './modules/weather/weather.router';
import { createWeatherService } from './modules/weather/weather.service';
import { createPostFlightsRepository } from './modules/post-flights/post-flights.repository';
import { postFlightsRouter } from './modules/post-flights/post-flights.router';
import { createPostFlightsService } from './modules/post-flights/post-flights.service';
import { createLogbookRepository } from './modules/logbook/logbook.repository';
import { logbookRouter } from './modules/logbook/logbook.router';
import { createLogbookService } from './modules/logbook/logbook.service';
import { createTracksRepository } from './modules/tracks/tracks.repository';
import { tracksRouter } from './modules/tracks/tracks.router';
import { createTracksService } from './modules/tracks/tracks.service';
import { createReplayRepository } from './modules/replay/replay.repository';
import { replayRouter } from './modules/replay/replay.router';
import { createReplayService } from './modules/replay/replay.service';
import { createRegistry, openApiDocument } from './openapi';
import { ZONE_IMPORT_PATH, zonesRouter } from './zones/zones.router';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export interface AppOptions {
  /** Folder of the built SPA, served with a history fallback. */
  spaDir?: string;
  /** Scheduled jobs in place of the platform's (tests of the job queue itself). */
  jobs?: readonly JobDefinition[];
}

export function createApp(ctx: AppContext, options: AppOptions = {}): Express {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.use(compression());
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'worker-src': ["'self'", 'blob:'],
          // The attachment reader shows a PDF fetched with the session's token in a frame, from a blob: URL.
          'frame-src': ["'self'", 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'connect-src': ["'self'", 'https:'],
        },
      },
    }),
  );
  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        // A client's id is kept only when it is a short safe token: it is echoed in a header and written to the logs.
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    }),
  );

  const registry = createRegistry({ checkResponses: ctx.config.checkResponses });
  const database = createDatabaseStatus(
    {
      url: ctx.config.databaseUrl,
      retryAfterSeconds: ctx.config.database.retryAfterSeconds,
      // Health answers within a second, whatever the pool's own limits.
      probeTimeoutMs: Math.min(1_000, ctx.config.database.connectMs),
    },
    () => pingDatabase(ctx.prisma),
  );
  const securityLimit = rateLimit({
    windowMs: 60_000,
    limit: ctx.config.securityRateLimitPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', 'Too many requests: wait a minute and try again')),
  });
  const audit = createAuditRepository(ctx.prisma);
  const auth = createAuthService({
    repository: createAuthRepository(ctx.prisma),
    audit,
    mailer: ctx.mailer,
    sms: ctx.sms,
    clock: ctx.clock,
    config: ctx.config,
    logger: ctx.logger,
  });

  const usersRepository = createUsersRepository(ctx.prisma, ctx.pool);
  const owners = createRecordOwners(usersRepository);
  const users = createUsersService({
    repository: usersRepository,
    audit,
    clock: ctx.clock,
    accounts: auth,
    bcryptRounds: ctx.config.bcryptRounds,
  });
  const droneModelsRepository = createDroneModelsRepository(ctx.prisma);
  const droneModels = createDroneModelsService({ repository: droneModelsRepository, owners, audit, clock: ctx.clock });
  const machines = createMachinesService({
    repository: createMachinesRepository(ctx.prisma),
    droneModels: droneModelsRepository,
    owners,
    audit,
    clock: ctx.clock,
  });
  const pilots = createPilotsService({
    repository: createPilotsRepository(ctx.prisma),
    owners,
    audit,
    clock: ctx.clock,
    users: usersRepository,
    accounts: auth,
  });

  const agreements = createAgreementsService({
    repository: createAgreementsRepository(ctx.prisma),
    owners,
    mailer: ctx.mailer,
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
  });
  const attachmentFiles = createFileStore(ctx.config.dataDir, FILE_STORES.attachments);
  const attachments = createAttachmentsService({
    repository: createAttachmentsRepository(ctx.prisma),
    files: attachmentFiles,
    owners,
    audit,
    clock: ctx.clock,
    onOperatorDocumentChanged: agreements.dataChanged,
  });

  const airspacesRepository = createAirspacesRepository(ctx.prisma);
  const requests = createRequestsService({
    repository: createRequestsRepository(ctx.prisma, ctx.pool),
    airspaces: airspacesRepository,
    evaluate: createRequestEvaluator({ repository: createAutomationRepository(ctx.pool), zones: ctx.zones }),
    owners,
    mailer: ctx.mailer,
    sms: ctx.sms,
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
    geometry: ctx.geometry,
  });
  const missionsRepository = createMissionsRepository(ctx.prisma);
  const notificationsRepository = createNotificationsRepository(ctx.prisma);
  const notificationSender = createNotificationSender({
    repository: notificationsRepository,
    authority: ctx.authority,
    mailer: ctx.mailer,
    clock: ctx.clock,
  });
  const flights = createFlightsService({
    repository: createFlightsRepository(ctx.prisma),
    audit,
    clock: ctx.clock,
    touchedAirspaces: (areas) => touchedAirspaces(airspacesRepository, ctx.geometry, areas),
  });
  const missionVerdicts = createMissionVerdicts({
    repository: missionsRepository,
    zones: ctx.zones,
    clock: ctx.clock,
    layers: ctx.contextLayers,
    geometry: ctx.geometry,
  });
  const missions = createMissionsService({
    repository: missionsRepository,
    flights,
    owners,
    audit,
    clock: ctx.clock,
    requests,
    releaseNotifications: notificationSender.releaseMission,
    terrain: ctx.terrain,
    afterSave: missionVerdicts.refresh,
  });
  const notifications = createNotificationsService({
    repository: notificationsRepository,
    missions,
    sender: notificationSender,
    clock: ctx.clock,
  });
  const activations = createActivationsService({ repository: createActivationsRepository(ctx.prisma), clock: ctx.clock });
  const missionRegulation = createMissionRegulation({ missions, verdicts: missionVerdicts });

  // The checker publishes through the traffic module, which calls the checker: the publisher is bound once both exist.
  let publishViolation: ViolationPublisher = () => undefined;
  const conformance = createConformanceChecker({
    repository: createConformanceRepository(ctx.prisma, ctx.pool),
    changes: ctx.changes,
    clock: ctx.clock,
    mailer: ctx.mailer,
    sms: ctx.sms,
    push: ctx.push,
    publish: (violation) => publishViolation(violation),
    logger: ctx.logger,
    silenceMs: ctx.config.violationSilenceMs,
    publicUrl: ctx.config.publicUrl,
  });
  // The live map's snapshot keeps the hub's own list of open episodes heard on the bus: it holds every instance's.
  const trafficRepository = createTrafficRepository(ctx.pool);
  const traffic = createTrafficModule({
    repository: trafficRepository,
    scopes: createLiveScopes({ missions: missionsRepository, airspaces: airspacesRepository, owners }),
    bus: ctx.trafficBus,
    changes: ctx.changes,
    clock: ctx.clock,
    logger: ctx.logger,
    staleSeconds: ctx.config.trafficStaleSeconds,
    closers: ctx.closers,
    listeners: [conformance.check],
  });
  publishViolation = traffic.publishViolation;
  ctx.jobs.define(
    options.jobs ??
      platformJobs({
        agreements,
        notificationSender,
        requests,
        activations,
        tracks: trafficRepository,
        trackRetentionDays: ctx.config.trackRetentionDays,
        clock: ctx.clock,
        logger: ctx.logger,
      }),
  );
  const stopSweep = conformance.start();
  ctx.closers.add(async () => stopSweep());
  const adsb = ctx.config.adsb
    ? createSbsConnector({ ...ctx.config.adsb, sink: traffic.ingest.ingestReceived, clock: ctx.clock, logger: ctx.logger })
    : null;
  if (adsb) {
    adsb.start();
    ctx.closers.add(() => adsb.stop());
  }

  const api = express.Router();
  const parseJson = express.json({ limit: '10mb' });
  // Geozone files are read as text by their route: bad JSON there is GEOZONE_INVALID_JSON, and a BOM is allowed.
  api.use((req, res, next) => (req.path.toLowerCase().replace(/\/+$/, '') === ZONE_IMPORT_PATH ? next() : parseJson(req, res, next)));
  api.use(authenticate({ secret: ctx.config.jwtSecret, clock: ctx.clock, sessions: ctx.sessionCache, pool: ctx.pool }));
  api.use(maintenance(ctx.config.maintenance));
  api.use(systemRouter(registry, database, ctx.config, () => adsb?.status() ?? null));
  api.use(database.gate);
  api.use(authRouter(registry, auth, securityLimit));
  api.use(accountRouter(registry, auth, agreements, owners));
  api.use(usersRouter(registry, users, ctx.userListCache));
  api.use(groupsRouter(registry, createGroupsService({ repository: createGroupsRepository(ctx.prisma), audit })));
  api.use(airspacesRouter(registry, createAirspacesService({ repository: airspacesRepository, audit })));
  api.use(droneModelsRouter(registry, droneModels));
  api.use(machinesRouter(registry, machines));
  api.use(userMachinesRouter(registry, machines));
  api.use(pilotsRouter(registry, pilots));
  api.use(userPilotsRouter(registry, pilots));
  api.use(missionsRouter(registry, missions, missionRegulation));
  const tafSource = ctx.config.weatherTafUrl
    ? createHttpTafSource({ urlTemplate: ctx.config.weatherTafUrl, clock: ctx.clock, logger: ctx.logger })
    : createRecordedTafSource({ clock: ctx.clock });
  const weather = createWeatherService({
    source: tafSource,
    logger: ctx.logger,
    findMission: (actor, id) => missions.findMission(actor, id, 'PREFLIGHT_LIST_ADMIN'),
  });
  api.use(missionWeatherRouter(registry, weather));
  api.use(weatherSettingsRouter(registry, ctx.config.rainRadarUrl));
  const postFlights = createPostFlightsService({ repository: createPostFlightsRepository(ctx.prisma), owners, clock: ctx.clock });
  api.use(postFlightsRouter(registry, postFlights));
  api.use(logbookRouter(registry, createLogbookService({ repository: createLogbookRepository(ctx.prisma), owners })));
  api.use(
    tracksRouter(
      registry,
      createTracksService({ repository: createTracksRepository(ctx.pool), diaries: postFlights }),
      uploadsDir(ctx.config.dataDir),
    ),
  );
  api.use(replayRouter(registry, createReplayService({ repository: createReplayRepository(ctx.pool), owners })));
  api.use(notificationsRouter(registry, notifications));
  api.use(attachmentsRouter(registry, attachments, attachmentFiles));
  api.use(agreementRouter(registry, agreements));
  api.use(agreementsAdminRouter(registry, agreements));
  api.use(requestsRouter(registry, requests));
  api.use(outboxRouter(registry, ctx.outbox));
  api.use(zonesRouter(registry, ctx.zones, uploadsDir(ctx.config.dataDir)));
  api.use(contextLayersRouter(registry));
  api.use(regulationRouter(registry, createRegulationService({ zones: ctx.zones, clock: ctx.clock })));
  const alerts = createAlertsService({ repository: createAlertsRepository(ctx.prisma), audit });
  api.use(alertsRouter(registry, alerts));
  api.use(violationsRouter(registry, alerts));
  api.use(trafficRouter(registry, traffic.ingest, traffic.live));
  api.use(trackersRouter(registry, createTrackersService({ repository: createTrackersRepository(ctx.prisma), audit })));
  api.use(devicesRouter(registry, createDevicesService({ repository: createDevicesRepository(ctx.prisma), audit })));
  api.use(paymentsRouter(registry, createPaymentsService({ repository: createPaymentsRepository(ctx.prisma), audit, clock: ctx.clock })));
  const documentFiles = createFileStore(ctx.config.dataDir, FILE_STORES.documents);
  api.use(
    documentsRouter(
      registry,
      createDocumentsService({ repository: createDocumentsRepository(ctx.prisma), files: documentFiles, audit }),
      documentFiles,
    ),
  );
  api.use(whitelistRouter(registry, createWhitelistService({ repository: createWhitelistRepository(ctx.prisma), audit })));
  const push = createPushService({
    repository: createPushRepository(ctx.prisma),
    push: ctx.push,
    audit,
    publicKey: ctx.config.push.publicKey,
  });
  api.use(pushRouter(registry, push));
  api.use(commandsRouter(registry, push));
  api.use(
    dashboardRouter(registry, createDashboardService({ repository: createDashboardRepository(ctx.prisma), owners, clock: ctx.clock })),
  );
  api.use(
    automationRoutes(registry, {
      classificationRules: createClassificationRulesService({
        repository: createClassificationRulesRepository(ctx.prisma),
        airspaces: airspacesRepository,
      }),
      automationRules: createAutomationRulesService({
        repository: createAutomationRulesRepository(ctx.prisma),
        airspaces: airspacesRepository,
      }),
      activations,
    }),
  );
  const document = openApiDocument(registry);
  api.get('/api/openapi.json', (_req, res) => {
    res.json(document);
  });
  api.use('/api', apiNotFound);
  app.use(api);

  if (options.spaDir && existsSync(path.join(options.spaDir, 'index.html'))) {
    const spaDir = options.spaDir;
    app.use('/assets', precompressedAssets(path.join(spaDir, 'assets'), { maxAge: '1h' }));
    app.use(express.static(spaDir, { index: false, maxAge: '1h' }));
    app.get(/^(?!\/api\/).*/, (_req, res) => {
      res.sendFile(path.join(spaDir, 'index.html'));
    });
  }
  app.use(errorHandler(ctx.logger, database));
  return app;
}
