import type { Router } from 'express';
import type { AppContext } from '../context';
import { acceptedVersions } from '../lib/session-cache';
import { createSbsConnector } from '../integrations/adsb/sbs-connector';
import { createAirspaceLiveRepository } from '../modules/airspace-live/airspace-live.repository';
import { airspaceLiveRouter } from '../modules/airspace-live/airspace-live.router';
import { createAirspaceLiveService } from '../modules/airspace-live/airspace-live.service';
import { createAlertsRepository } from '../modules/alerts/alerts.repository';
import { alertsRouter, violationsRouter } from '../modules/alerts/alerts.router';
import { createAlertsService } from '../modules/alerts/alerts.service';
import type { FlightConformance } from '../../src/shared/contracts/conformance';
import { createConformanceChecker } from '../modules/conformance/conformance.checker';
import { buildFlightConformance } from './flight-conformance';
import { createConformanceRepository } from '../modules/conformance/conformance.repository';
import { createDevicesRepository } from '../modules/devices/devices.repository';
import { devicesRouter } from '../modules/devices/devices.router';
import { createDevicesService } from '../modules/devices/devices.service';
import { createPushRepository } from '../modules/push/push.repository';
import { commandsRouter, pushRouter } from '../modules/push/push.router';
import { createPushService } from '../modules/push/push.service';
import { createTrackersRepository } from '../modules/trackers/trackers.repository';
import { trackersRouter } from '../modules/trackers/trackers.router';
import { createTrackersService } from '../modules/trackers/trackers.service';
import type { ViolationPublisher } from '../modules/traffic/positions';
import { createTrafficModule } from '../modules/traffic/traffic.module';
import { createTrafficRepository } from '../modules/traffic/traffic.repository';
import { trafficRouter } from '../modules/traffic/traffic.router';
import { createLiveScopes } from '../modules/traffic/traffic.scope';
import { createViolationNotices } from '../modules/traffic/violation-notices';
import type { ApiRegistry } from '../openapi';
import type { Records } from './records';

/**
 * Live traffic (docs/live-traffic.md): positions in, the live map out, the conformance checker and its alerts
 * (docs/alerts.md), trackers, devices and Web Push. Starts the conformance sweep and the ADS-B receiver when
 * configured; both stop with the context's closers.
 */
export function buildTraffic(ctx: AppContext, registry: ApiRegistry, records: Records) {
  const { audit, owners } = records;
  const { prisma, clock, logger, config } = ctx;
  // The checker publishes through the traffic module, which calls the checker: the publisher is bound once both exist.
  let publishViolation: ViolationPublisher = () => undefined;
  const conformanceRepository = createConformanceRepository(prisma, ctx.pool);
  const conformance = createConformanceChecker({
    repository: conformanceRepository,
    changes: ctx.changes,
    clock,
    mailer: ctx.mailer,
    sms: ctx.sms,
    push: ctx.push,
    publish: (violation) => publishViolation(violation),
    logger,
    silenceMs: config.violationSilenceMs,
    publicUrl: config.publicUrl,
    events: records.webhooks,
    opened: (count) => ctx.metrics.episodesOpened(count),
  });
  let publishConformance: (state: FlightConformance) => void = () => undefined;
  const flights = buildFlightConformance(
    ctx,
    conformanceRepository,
    {
      publishViolation: (violation) => publishViolation(violation),
      publishConformance: (state) => publishConformance(state),
    },
    records.webhooks,
  );
  // The live map's snapshot keeps the hub's own list of open episodes heard on the bus: it holds every instance's.
  const trafficRepository = createTrafficRepository(ctx.pool);
  const scopes = createLiveScopes({ missions: records.missions, airspaces: records.airspaces, owners });
  const traffic = createTrafficModule({
    repository: trafficRepository,
    scopes,
    acceptedVersions: (userIds) => acceptedVersions(ctx.pool, userIds),
    bus: ctx.trafficBus,
    changes: ctx.changes,
    clock,
    logger,
    staleSeconds: config.trafficStaleSeconds,
    closers: ctx.closers,
    listeners: [conformance.check, flights.check, async (positions) => ctx.metrics.positionsIngested(positions.length)],
    conformanceOf: (source, ident) => flights.current(source, ident),
  });
  publishViolation = traffic.publishViolation;
  ctx.metrics.watchLiveClients(() => traffic.live.clientCount);
  publishConformance = traffic.publishConformance;
  const stopSweeps = [conformance.start(), flights.start()];
  ctx.closers.add(async () => stopSweeps.forEach((stop) => stop()));
  const adsb = config.adsb ? createSbsConnector({ ...config.adsb, sink: traffic.ingest.ingestReceived, clock, logger }) : null;
  if (adsb) {
    adsb.start();
    ctx.closers.add(() => adsb.stop());
  }

  const alerts = createAlertsService({ repository: createAlertsRepository(prisma), audit });
  const notices = createViolationNotices({ bus: ctx.trafficBus, scopes, clock, logger, sessionMs: config.accessTokenTtlSeconds * 1000 });
  ctx.closers.add(async () => notices.close());
  const push = createPushService({
    repository: createPushRepository(prisma),
    push: ctx.push,
    sms: ctx.sms,
    mailer: ctx.mailer,
    audit,
    publicKey: config.push.publicKey,
  });
  const routers: Router[] = [
    alertsRouter(registry, alerts),
    violationsRouter(registry, alerts, notices),
    trafficRouter(registry, traffic.ingest, traffic.live),
    trackersRouter(registry, createTrackersService({ repository: createTrackersRepository(prisma), audit })),
    devicesRouter(registry, createDevicesService({ repository: createDevicesRepository(prisma), audit })),
    pushRouter(registry, push),
    commandsRouter(registry, push),
    airspaceLiveRouter(
      registry,
      createAirspaceLiveService({ repository: createAirspaceLiveRepository(prisma), sms: ctx.sms, audit, clock }),
    ),
  ];
  return { routers, tracks: trafficRepository, adsbStatus: () => adsb?.status() ?? null };
}
