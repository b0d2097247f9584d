import type { Router } from 'express';
import type { MissionVerdict } from '../../src/shared/contracts/regulation';
import type { AppContext } from '../context';
import { aerodromeIndex } from '../integrations/weather/aerodromes';
import { createHttpTafSource, createRecordedTafSource } from '../integrations/weather/taf-source';
import { touchedAirspaces } from '../modules/airspaces/touched-airspaces';
import { createAlertsRepository } from '../modules/alerts/alerts.repository';
import { createAlertsService } from '../modules/alerts/alerts.service';
import { contextLayersRouter } from '../modules/context-layers/context-layers.router';
import { createShippedRunways } from '../modules/regulation/runway-facts';
import { mapSettingsRouter } from '../modules/map-settings/map-settings.router';
import { createFlightsRepository } from '../modules/flights/flights.repository';
import { createFlightsService } from '../modules/flights/flights.service';
import { createPostFlightsRepository } from '../modules/post-flights/post-flights.repository';
import { createMissionRegulation, createMissionVerdicts } from '../modules/missions/missions.regulation';
import { TEMPORARY_RESTRICTIONS_JOB } from '../modules/temporary-restrictions/temporary-restrictions.job';
import { createTemporaryRestrictionsRepository } from '../modules/temporary-restrictions/temporary-restrictions.repository';
import { temporaryRestrictionsRouter } from '../modules/temporary-restrictions/temporary-restrictions.router';
import { createTemporaryRestrictionsService } from '../modules/temporary-restrictions/temporary-restrictions.service';
import { missionsRouter } from '../modules/missions/missions.router';
import { createMissionsService, type MissionsServiceDeps } from '../modules/missions/missions.service';
import { notificationsRouter } from '../modules/notifications/notifications.router';
import { createNotificationsRepository } from '../modules/notifications/notifications.repository';
import { createNotificationSender, createNotificationsService } from '../modules/notifications/notifications.service';
import { regulationRouter } from '../modules/regulation/regulation.router';
import { createRegulationService } from '../modules/regulation/regulation.service';
import { missionWeatherRouter, weatherSettingsRouter } from '../modules/weather/weather.router';
import { createWeatherService } from '../modules/weather/weather.service';
import { uploadsDir } from '../lib/uploads';
import type { ApiRegistry } from '../openapi';
import { zonesRouter } from '../zones/zones.router';
import type { Records } from './records';

/**
 * Missions from preparation to flight (docs/missions.md, docs/flight.md): their regulation against the geozones and
 * context layers, the weather, and the flight notifications to authorities (docs/notifications.md).
 */
export function buildMissions(ctx: AppContext, registry: ApiRegistry, records: Records, requests: MissionsServiceDeps['requests']) {
  const { audit, owners } = records;
  const { prisma, clock, geometry, zones } = ctx;
  const notificationsRepository = createNotificationsRepository(prisma);
  const notificationSender = createNotificationSender({
    repository: notificationsRepository,
    authority: ctx.authority,
    mailer: ctx.mailer,
    clock,
    events: records.webhooks,
  });
  const tafSource = ctx.config.weatherTafUrl
    ? createHttpTafSource({
        urlTemplate: ctx.config.weatherTafUrl,
        clock,
        logger: ctx.logger,
        policy: ctx.callPolicies.taf,
      })
    : createRecordedTafSource({ clock });
  const weather = createWeatherService({
    source: tafSource,
    aerodromes: aerodromeIndex(),
    logger: ctx.logger,
    findMission: (actor, id) => missions.findMission(actor, id, 'PREFLIGHT_LIST_ADMIN'),
  });
  const alerts = createAlertsService({ repository: createAlertsRepository(prisma), audit });
  const diary = createPostFlightsRepository(prisma);
  const flights = createFlightsService({
    repository: createFlightsRepository(prisma),
    audit,
    clock,
    events: records.webhooks,
    touchedAirspaces: (areas) => touchedAirspaces(records.airspaces, geometry, areas),
    weatherAt: (areas, at) => weather.categoryAt(areas, at),
    alertsTouching: (readerId, areas) => alerts.touching(readerId, areas),
    recordOverride: async (actorId, missionId, codes, reason) => {
      const actorName = await diary.actorName(actorId);
      const change = { field: 'takeoffOverride' as const, from: codes.join(','), to: reason };
      await diary.addHistory(missionId, { actorId, actorName, changes: [change], at: clock.now() });
    },
  });
  const verdicts = createMissionVerdicts({
    repository: records.missions,
    zones,
    clock,
    layers: ctx.contextLayers,
    runways: createShippedRunways(),
    geometry,
  });
  const missions = createMissionsService({
    repository: records.missions,
    flights,
    owners,
    audit,
    clock,
    requests,
    releaseNotifications: notificationSender.releaseMission,
    terrain: ctx.terrain,
    afterSave: verdicts.refresh,
    events: records.webhooks,
  });
  const temporaryRestrictions = createTemporaryRestrictionsService({
    repository: createTemporaryRestrictionsRepository(prisma, ctx.pool),
    zones,
    refreshVerdict: async (missionId) => {
      const mission = await records.missions.find(missionId);
      if (!mission) return null;
      const refreshed = await verdicts.refresh(mission);
      // refresh() answers the mission unchanged when it cannot be classified as it stands.
      return refreshed === mission ? null : (refreshed.lastVerdict as MissionVerdict | null);
    },
    mailer: ctx.mailer,
    push: ctx.push,
    audit,
    clock,
    logger: ctx.logger,
    publicUrl: ctx.config.publicUrl,
    nudge: () => ctx.jobs.nudge(TEMPORARY_RESTRICTIONS_JOB),
  });
  const notifications = createNotificationsService({ repository: notificationsRepository, missions, sender: notificationSender, clock });
  const routers: Router[] = [
    missionsRouter(registry, missions, createMissionRegulation({ missions, verdicts })),
    missionWeatherRouter(registry, weather),
    weatherSettingsRouter(registry, ctx.config.rainRadarUrl, weather),
    notificationsRouter(registry, notifications),
    zonesRouter(registry, zones, uploadsDir(ctx.config.dataDir)),
    contextLayersRouter(registry),
    mapSettingsRouter(registry, ctx.config.aerialTilesUrl),
    regulationRouter(registry, createRegulationService({ zones, clock })),
    temporaryRestrictionsRouter(registry, temporaryRestrictions),
  ];
  return { routers, notificationSender, temporaryRestrictions };
}
