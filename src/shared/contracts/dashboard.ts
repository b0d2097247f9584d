import { z } from 'zod';

/** Spec domain §9: the ranking covers the last 100 machines declared. */
export const DASHBOARD_RECENT_MACHINES = 100;
export const DASHBOARD_DAYS = 7;
/** The manager's dashboard: how many requests to decide it lists, and the window of the median decision time. */
export const DASHBOARD_TO_DECIDE = 10;
export const DASHBOARD_DECISION_DAYS = 30;

const countOf = <T extends z.ZodType>(key: T) => z.array(z.object({ key, count: z.number().int() }));

export const dashboardSchema = z.object({
  /**
   * 'platform' for DASHBOARD_ADMIN, 'manager' for an airspace manager (PREFLIGHTPROCEDURE_LIST: the detections are the
   * episodes of flights filed to his airspaces), 'operator' otherwise: which records the detections and profile cover.
   */
  scope: z.enum(['platform', 'manager', 'operator']),
  popularity: z.object({ machines: z.number().int(), models: countOf(z.string()) }),
  detections: z.object({
    days: z.array(z.object({ day: z.string(), count: z.number().int() })),
    last7Days: z.number().int(),
    sinceMonthStart: z.number().int(),
    sinceYearStart: z.number().int(),
    /** Tracked traffic over the same periods: distinct idents (per source) with at least one stored position. */
    tracks: z.object({ last7Days: z.number().int(), sinceMonthStart: z.number().int(), sinceYearStart: z.number().int() }),
  }),
  profile: z.object({ pilots: z.number().int(), machines: z.number().int(), missions: z.number().int() }),
  /** The airspace manager's day (docs/airspace-manager.md); null for anyone else. */
  manager: z
    .object({
      toDecide: z.object({
        total: z.number().int(),
        /** The first requests to decide, nearest auto-reject date first (those without one last). */
        items: z.array(
          z.object({
            id: z.string(),
            referenceNumber: z.string(),
            missionTitle: z.string(),
            airspaceName: z.string(),
            submittedAt: z.string(),
            autoRejectAt: z.string().nullable(),
          }),
        ),
      }),
      /** Accepted requests whose flight window meets today (UTC). */
      acceptedToday: z.number().int(),
      /** Flights taken off and not landed, of missions filed to his airspaces. */
      airborneNow: z.number().int(),
      openViolations: z.number().int(),
      /** Median time from submission to a manager's decision over the last 30 days, in minutes; null without decision. */
      medianDecisionMinutes: z.number().nullable(),
      decisions: z.number().int(),
    })
    .nullable(),
  admin: z
    .object({
      operatorsByAgreement: countOf(z.string()),
      trackersByVehicle: countOf(z.string()),
      violationsByType: countOf(z.string()),
      machinesByClass: countOf(z.string()),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
