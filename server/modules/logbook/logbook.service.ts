import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Papa from 'papaparse';
import {
  LOGBOOK_ACCOUNTS_MAX,
  type Logbook,
  type LogbookAccount,
  type LogbookAccountsQuery,
  type LogbookEntry,
  type LogbookQuery,
} from '../../../src/shared/contracts/logbook';
import { minutesBetween } from '../../../src/shared/domain/post-flight';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { WorkLimit } from '../../lib/work-limit';
import { pilotScope } from '../missions/mission-reach';
import type { RecordOwners } from '../users/record-owner';
import type { LoggedMission, LogbookRepository } from './logbook.repository';

const DAY_MS = 86_400_000;

/** Missions read per query of the CSV: what the server holds at once, whatever the period. */
const CSV_PAGE = 500;

const CSV_FIELDS = ['date', 'mission', 'pilots', 'machines', 'activity', 'minutes', 'minutes_from'];

function entryOf(mission: LoggedMission): LogbookEntry {
  const landed = mission.flights.filter((flight) => flight.landedAt);
  const fromFlights = landed.reduce((sum, flight) => sum + minutesBetween(flight.takeoffAt, flight.landedAt!), 0);
  const written = mission.postFlight?.flightTimeMin ?? null;
  const date = mission.flights[0]?.takeoffAt ?? mission.startAt;
  return {
    missionId: mission.id,
    missionTitle: mission.title,
    date: date?.toISOString() ?? '',
    pilots: [mission.referentPilot, ...mission.additionalPilots]
      .filter((pilot) => pilot !== null)
      .map((pilot) => ({ id: pilot.id, name: `${pilot.firstName} ${pilot.lastName}`.trim() })),
    machines: [mission.mainMachine, ...mission.additionalMachines]
      .filter((machine) => machine !== null)
      .map((machine) => ({ id: machine.id, name: machine.internalName || machine.serialNumber })),
    activity: mission.postFlight?.activity ?? null,
    minutes: written ?? fromFlights,
    minutesFrom: written !== null ? 'diary' : landed.length ? 'flights' : 'none',
  };
}

/** Count and minutes per pilot or machine, the busiest first; a mission counts for each of its pilots and machines. */
function totals(entries: LogbookEntry[], pick: (entry: LogbookEntry) => { id: string; name: string }[]) {
  const byId = new Map<string, { id: string; name: string; flights: number; minutes: number }>();
  for (const entry of entries)
    for (const { id, name } of pick(entry)) {
      const total = byId.get(id) ?? byId.set(id, { id, name, flights: 0, minutes: 0 }).get(id)!;
      total.flights += 1;
      total.minutes += entry.minutes;
    }
  return [...byId.values()].sort((a, b) => b.minutes - a.minutes || a.name.localeCompare(b.name));
}

/** A logbook entry as a line of the CSV. */
const csvLine = (entry: LogbookEntry) => [
  entry.date,
  entry.missionTitle,
  entry.pilots.map((pilot) => pilot.name).join('; '),
  entry.machines.map((machine) => machine.name).join('; '),
  entry.activity ?? '',
  entry.minutes,
  entry.minutesFrom,
];

/**
 * The operator's logbook (docs/post-flight.md "Logbook"): flown missions of a period with totals per pilot and machine;
 * a supervised pilot's, the missions it may read (docs/security.md "Missions a pilot flies").
 */
export function createLogbookService(deps: {
  repository: LogbookRepository;
  owners: RecordOwners;
  /** The exports running at once, per user and overall (429 EXPORT_BUSY past them). */
  exports: WorkLimit;
}) {
  const { repository, owners, exports } = deps;

  /** Whose logbook the caller reads (every account: null), for which period, limited to the missions it flies. */
  async function selectionOf(actor: AuthUser, query: LogbookQuery) {
    let userId: string | null;
    if (actor.rights.has('JOURNEY_LIST_ADMIN')) userId = query.userId ?? null;
    else {
      const ownerId = await owners.ownerId(actor, { kind: 'own' });
      if (query.userId && query.userId !== ownerId) throw new AppError('NOT_ALLOWED', "Not allowed to read another account's logbook");
      userId = ownerId;
    }
    const period = {
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    };
    return { userId, period, pilotId: pilotScope(actor, 'read') };
  }

  async function read(actor: AuthUser, query: LogbookQuery): Promise<Logbook> {
    const { userId, period, pilotId } = await selectionOf(actor, query);
    const entries = (await repository.flownMissions(userId, period, pilotId)).map(entryOf).sort((a, b) => a.date.localeCompare(b.date));
    return {
      entries,
      byPilot: totals(entries, (entry) => entry.pilots),
      byMachine: totals(entries, (entry) => entry.machines),
      total: { flights: entries.length, minutes: entries.reduce((sum, entry) => sum + entry.minutes, 0) },
    };
  }

  return {
    read,

    /** The accounts with missions an administrator may open the logbook of, matching the typed text. */
    accounts(query: LogbookAccountsQuery): Promise<LogbookAccount[]> {
      return repository.missionOwners(query.search || undefined, LOGBOOK_ACCOUNTS_MAX);
    },

    /**
     * One line per flown mission, for a spreadsheet (which sums the minutes), in the logbook's order, written as the
     * client reads: the missions' order is read first (an id and a date each), then their lines page by page, other
     * requests served between pages. The CSV holds a slot of the export bound until `client` closes.
     */
    async csv(actor: AuthUser, query: LogbookQuery, client: { once(event: 'close', listener: () => void): unknown }): Promise<Readable> {
      const { userId, period, pilotId } = await selectionOf(actor, query);
      const release = exports.acquire(actor.id);
      try {
        const order = (await repository.flownMissionDates(userId, period, pilotId))
          .map((mission) => ({ id: mission.id, date: (mission.flights[0]?.takeoffAt ?? mission.startAt)?.toISOString() ?? '' }))
          .sort((a, b) => a.date.localeCompare(b.date))
          .map((mission) => mission.id);
        const body = Readable.from(
          (async function* () {
            yield `${Papa.unparse([CSV_FIELDS])}\r\n`;
            for (let start = 0; start < order.length; start += CSV_PAGE) {
              const ids = order.slice(start, start + CSV_PAGE);
              const byId = new Map((await repository.loggedMissions(ids)).map((mission) => [mission.id, mission]));
              const entries = ids.flatMap((id) => (byId.has(id) ? [entryOf(byId.get(id)!)] : []));
              if (entries.length) yield `${Papa.unparse(entries.map(csvLine), { escapeFormulae: true })}\r\n`;
              await nextTurn();
            }
          })(),
          // One page waits at most for the client.
          { highWaterMark: 1 },
        );
        body.once('close', release);
        client.once('close', release);
        return body;
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}

export type LogbookService = ReturnType<typeof createLogbookService>;
