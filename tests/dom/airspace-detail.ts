import type { AirspaceDetail } from '@/shared/contracts/airspaces';

/** The demo manager's airspace as `GET /api/airspaces/mine` answers it. */
export function airspaceDetail(overrides: Partial<AirspaceDetail> = {}): AirspaceDetail {
  return {
    id: 'a-1',
    name: 'Paris-Saclay demo airspace',
    internalCode: 'LFPS-DEMO',
    authorityName: 'Demo authority',
    visibleToOperators: true,
    activationTrigger: 'never',
    hasGeometry: true,
    managers: [{ id: 'm-1', email: 'manager@airport.test', firstName: 'Mia', lastName: 'Manager' }],
    createdAt: '2026-11-01T10:00:00.000Z',
    zoneCodes: [],
    mailingList: [],
    copyToManagers: false,
    minNoticeDays: 1,
    maxNoticeDays: 90,
    maxDurationHours: 12,
    maxPolygons: null,
    maxAreaKm2: null,
    maxAreaPerPolygonKm2: null,
    maxExtentKm: null,
    autoRejectDelayHours: null,
    description: null,
    news: null,
    generalConditions: 'Weekdays only.',
    permanentConditions: null,
    twrPhoneNumber: null,
    forwardingEmails: [],
    violationChannels: ['email'],
    activationMinDelayHours: null,
    activationMaxDelayHours: null,
    activationAutoRejectDelayHours: null,
    activationMaxDurationHours: null,
    geometry: {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [2.1, 48.68],
            [2.25, 48.68],
            [2.25, 48.75],
            [2.1, 48.68],
          ],
        ],
      ],
    },
    bbox: { minLon: 2.1, minLat: 48.68, maxLon: 2.25, maxLat: 48.75 },
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
