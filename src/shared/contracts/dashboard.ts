import { z } from 'zod';

/** Spec domain §9: the ranking covers the last 100 machines declared. */
export const DASHBOARD_RECENT_MACHINES = 100;
export const DASHBOARD_DAYS = 7;

const countOf = <T extends z.ZodType>(key: T) => z.array(z.object({ key, count: z.number().int() }));

export const dashboardSchema = z.object({
  /** 'platform' for DASHBOARD_ADMIN, 'operator' otherwise: which records the detections and profile cover. */
  scope: z.enum(['platform', 'operator']),
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
