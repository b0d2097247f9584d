import type { AlertDetail, AlertGeometry, AlertSummary, Violation } from '../../../src/shared/contracts/alerts';
import type { AlertWithCount, AlertWithDetail, ViolationWithAlert } from './alerts.repository';
import type { ConformanceRule } from '../../../src/shared/contracts/conformance';

export function toAlertSummary(row: AlertWithCount): AlertSummary {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    isDisplayed: row.isDisplayed,
    showForUsersOnly: row.showForUsersOnly,
    permanent: row.permanent,
    lowerLimitM: row.lowerLimitM,
    upperLimitM: row.upperLimitM,
    violationCount: row._count.violations,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAlertDetail(row: AlertWithDetail): AlertDetail {
  return {
    ...toAlertSummary(row),
    linkedUsers: row.linkedUsers,
    proximityHorizontalM: row.proximityHorizontalM,
    proximityVerticalM: row.proximityVerticalM,
    proximitySources: row.proximitySources,
    proximityTargetSources: row.proximityTargetSources,
    notifyEmail: row.notifyEmail,
    notifySms: row.notifySms,
    notifyPush: row.notifyPush,
    geometry: row.geometry as AlertGeometry,
    geometrySources: row.geometrySources,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toViolation(row: ViolationWithAlert): Violation {
  return {
    id: row.id,
    alert: row.alert,
    rule: row.rule as ConformanceRule | null,
    ident: row.ident,
    source: row.source,
    missionId: row.missionId,
    mission: row.mission && {
      id: row.mission.id,
      title: row.mission.title,
      references: row.mission.requests.map((request) => request.referenceNumber),
    },
    userId: row.userId,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    lastAt: row.lastAt.toISOString(),
    latitude: row.latitude,
    longitude: row.longitude,
    heightM: row.heightM,
    worstValue: row.worstValue,
    positionCount: row.positionCount,
  };
}
