import { createHash, randomUUID } from 'node:crypto';
import { area as geodesicArea } from '@turf/turf';
import type { Prisma, PrismaClient } from '../server/generated/prisma/client';
import { createFileStore, FILE_STORES } from '../server/lib/file-store';
import type { MissionSnapshot } from '../src/shared/contracts/requests';

const DAY = 86_400_000;

/** The second operator, whose agreement file waits for the administrator. */
export const DEMO_NEWCOMER = 'newcomer@aerogate.demo';

export interface DemoStoryOptions {
  /** Where attachments are stored (DATA_DIR); without it the operator documents are not seeded. */
  dataDir?: string;
  /** The seed's "now": missions and requests are placed around it. */
  now?: Date;
}

interface DemoActors {
  operatorId: string;
  newcomerId: string;
  managerId: string;
  adminId: string;
  airspaceId: string;
  supervisedPilotId: string;
}

/** A square of `sideKm` around a point of the demo airspace (the plateau of Saclay). */
function square(lon: number, lat: number, sideKm: number) {
  const dLat = sideKm / 2 / 111.32;
  const dLon = sideKm / 2 / (111.32 * Math.cos((lat * Math.PI) / 180));
  const ring = [
    [lon - dLon, lat - dLat],
    [lon + dLon, lat - dLat],
    [lon + dLon, lat + dLat],
    [lon - dLon, lat + dLat],
    [lon - dLon, lat - dLat],
  ].map(([x, y]): [number, number] => [Number(x!.toFixed(6)), Number(y!.toFixed(6))]);
  const areas = { type: 'MultiPolygon' as const, coordinates: [[ring]] };
  return { areas, areaKm2: geodesicArea(areas) / 1e6, extentKm: Math.SQRT2 * sideKm };
}

/** A one-page PDF, enough for the document viewer and the validation queue. */
function demoPdf(title: string) {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n% ${title}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

async function operatorDocuments(
  prisma: PrismaClient,
  dataDir: string,
  userId: string,
  status: 'pending' | 'validated',
  validatorId: string,
) {
  const files = createFileStore(dataDir, FILE_STORES.attachments);
  for (const kind of ['operationsManual', 'idDocument', 'insuranceCertificate'] as const) {
    const bytes = demoPdf(kind);
    const storedName = randomUUID();
    await files.put(storedName, bytes);
    await prisma.attachment.create({
      data: {
        ownerId: userId,
        uploadedById: userId,
        recordType: 'user',
        recordId: userId,
        kind,
        originalName: `${kind}.pdf`,
        storedName,
        mime: 'application/pdf',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        status,
        ...(status === 'validated' ? { validatedById: validatorId, validatedAt: new Date() } : {}),
      },
    });
  }
}

/** A point `east` and `north` metres from (lon, lat). */
function offset(lon: number, lat: number, east: number, north: number): [number, number] {
  const metresPerDegree = 111_320;
  return [lon + east / (metresPerDegree * Math.cos((lat * Math.PI) / 180)), lat + north / metresPerDegree];
}

const TRACK_STEP_S = 3;
const CRUISE_MS = 6;
const CLIMB_MS = 2;

/**
 * A photogrammetry survey as a tracker reports it every few seconds: climb at the take-off point to 45 m, seven
 * 300 m lines 40 m apart, back and down. Positions in metres east and north of the take-off point.
 */
function surveyTrack() {
  const waypoints: [number, number, number][] = [
    [0, 0, 0],
    [0, 0, 45],
  ];
  for (let line = 0; line < 7; line += 1) {
    const north = 60 + line * 40;
    const [from, to] = line % 2 === 0 ? [40, 340] : [340, 40];
    waypoints.push([from, north, 45], [to, north, 45]);
  }
  waypoints.push([0, 0, 45], [0, 0, 0]);
  const legs = waypoints.slice(1).map((end, index) => {
    const start = waypoints[index]!;
    const horizontal = Math.hypot(end[0] - start[0], end[1] - start[1]);
    const seconds = Math.max(horizontal / CRUISE_MS, Math.abs(end[2] - start[2]) / CLIMB_MS);
    const heading = horizontal > 0 ? (Math.atan2(end[0] - start[0], end[1] - start[1]) * 180) / Math.PI : null;
    return { start, end, seconds, speedMs: Math.hypot(horizontal, end[2] - start[2]) / seconds, heading };
  });
  const positions: { second: number; east: number; north: number; heightM: number; speedMs: number; heading: number }[] = [];
  let legStart = 0;
  let heading = 0;
  for (const leg of legs) {
    for (let second = Math.ceil(legStart / TRACK_STEP_S) * TRACK_STEP_S; second < legStart + leg.seconds; second += TRACK_STEP_S) {
      const share = (second - legStart) / leg.seconds;
      const [east, north, height] = leg.start.map((value, axis) => value + (leg.end[axis]! - value) * share) as [number, number, number];
      heading = leg.heading ?? heading;
      positions.push({ second, east, north, heightM: height, speedMs: leg.speedMs, heading });
    }
    legStart += leg.seconds;
  }
  positions.push({ second: Math.ceil(legStart), east: 0, north: 0, heightM: 0, speedMs: 0, heading });
  return positions;
}

/**
 * The operator's flown mission, as take-off, the tracker's positions, landing and the pilot's diary leave it: back to
 * validated with a closed flight, its positions relayed by one ground station (weaker signal farther from it), and a
 * diary with its flight time, activity and a note.
 */
async function flownMission(
  prisma: PrismaClient,
  mission: { id: string; userId: string },
  centre: { lon: number; lat: number },
  start: Date,
) {
  const operator = await prisma.user.findUniqueOrThrow({ where: { id: mission.userId }, select: { firstName: true, lastName: true } });
  const actorName = `${operator.firstName} ${operator.lastName}`;
  const takeoffAt = new Date(start.getTime() + 15 * 60_000);
  const [homeLon, homeLat] = offset(centre.lon, centre.lat, -190, -200);
  const station = { name: 'Saclay plateau ground station', east: -250, north: -150 };
  const [stationLongitude, stationLatitude] = offset(homeLon, homeLat, station.east, station.north);
  const track = surveyTrack().map((position, index) => {
    const [lon, lat] = offset(homeLon, homeLat, position.east, position.north);
    const distanceM = Math.hypot(position.east - station.east, position.north - station.north, position.heightM);
    const rssi = Math.round(-38 - 25 * Math.log10(distanceM / 100) + 2 * Math.sin(index * 1.3));
    const time = new Date(takeoffAt.getTime() + position.second * 1000);
    return {
      source: 'og' as const,
      ident: 'FLRDE0A41',
      userId: mission.userId,
      missionId: mission.id,
      time,
      receivedAt: time,
      type: 'drone' as const,
      lat: Number(lat.toFixed(7)),
      lon: Number(lon.toFixed(7)),
      heightM: Number(position.heightM.toFixed(1)),
      speedMs: Number(position.speedMs.toFixed(1)),
      heading: Math.round((position.heading + 360) % 360),
      rssi: Math.max(-90, Math.min(-30, rssi)),
      gpsSatellites: Math.min(12, 9 + Math.floor(index / 15)) - (index % 23 === 11 ? 1 : 0),
      stationName: station.name,
      stationLatitude: Number(stationLatitude.toFixed(6)),
      stationLongitude: Number(stationLongitude.toFixed(6)),
    };
  });
  const landedAt = new Date(track.at(-1)!.time.getTime() + 20_000);
  const flightTimeMin = Math.round((landedAt.getTime() - takeoffAt.getTime()) / 60_000);
  const note = 'Wind 12 km/h from the west, 212 photos taken. Lines 3 and 4 flown again after a cloud.';
  const diaryAt = new Date(landedAt.getTime() + 40 * 60_000);
  const noteAt = new Date(diaryAt.getTime() + 2 * 60_000);
  await prisma.$transaction([
    prisma.missionHistory.createMany({
      data: [
        { missionId: mission.id, from: 'validated', to: 'onGoing', action: 'takeOff', actorId: mission.userId, at: takeoffAt },
        { missionId: mission.id, from: 'onGoing', to: 'validated', action: 'land', actorId: mission.userId, at: landedAt },
      ],
    }),
    prisma.flight.create({ data: { missionId: mission.id, takenOffBy: mission.userId, takeoffAt, lastPingAt: landedAt, landedAt } }),
    prisma.track.createMany({ data: track }),
    prisma.postFlight.create({
      data: {
        missionId: mission.id,
        flightTimeMin,
        activity: 'top',
        notes: { create: { authorId: mission.userId, authorName: actorName, text: note, createdAt: noteAt } },
        history: {
          create: [
            {
              actorId: mission.userId,
              actorName,
              changes: [
                { field: 'flightTimeMin', from: null, to: flightTimeMin },
                { field: 'activity', from: null, to: 'top' },
              ],
              at: diaryAt,
            },
            { actorId: mission.userId, actorName, changes: [{ field: 'note', from: null, to: note }], at: noteAt },
          ],
        },
      },
    }),
  ]);
}

const ADDRESS = { addressLine1: '12 rue de la Recherche', postalCode: '91190', city: 'Gif-sur-Yvette', country: 'France' };

/**
 * What each role finds on a fresh demo (README "What to try"): the operator's agreement is validated and it has
 * pilots with documents, machines and missions in several states; one request waits for the manager, one was
 * accepted; the airspace has an automation rule (off, to try on past requests) and an alert; a second operator's
 * agreement file is complete and waits for the administrator. Written once: a database holding the operator's
 * missions is left alone.
 */
export async function seedDemoStory(prisma: PrismaClient, actors: DemoActors, options: DemoStoryOptions = {}): Promise<void> {
  if ((await prisma.mission.count({ where: { userId: actors.operatorId } })) > 0) return;
  const now = options.now ?? new Date();
  const { operatorId, newcomerId, managerId, adminId, airspaceId } = actors;

  // The demo operator: a complete file validated a month ago for a year.
  await prisma.user.update({
    where: { id: operatorId },
    data: { ...ADDRESS, agreementStatus: 'validated', agreementExpiresAt: new Date(now.getTime() + 335 * DAY) },
  });
  await prisma.agreementHistory.createMany({
    data: [
      {
        userId: operatorId,
        action: 'request',
        fromStatus: 'notValidated',
        toStatus: 'toBeValidated',
        actorId: operatorId,
        createdAt: new Date(now.getTime() - 31 * DAY),
      },
      {
        userId: operatorId,
        action: 'validate',
        fromStatus: 'toBeValidated',
        toStatus: 'validated',
        actorId: adminId,
        expiresAt: new Date(now.getTime() + 335 * DAY),
        createdAt: new Date(now.getTime() - 30 * DAY),
      },
    ],
  });
  if (options.dataDir) await operatorDocuments(prisma, options.dataDir, operatorId, 'validated', adminId);

  const identity = [
    { skillType: 'idDocument' as const, reference: 'ID-FR-DEMO-0001', validUntil: new Date('2033-05-01') },
    {
      skillType: 'licence' as const,
      reference: 'FRA-RP-DEMO-LIC-01',
      validFrom: new Date('2024-03-01'),
      validUntil: new Date('2029-03-01'),
    },
  ];
  await prisma.pilotDocument.createMany({ data: identity.map((document) => ({ ...document, pilotId: actors.supervisedPilotId })) });
  const pierre = await prisma.pilot.create({
    data: {
      userId: operatorId,
      firstName: 'Pierre',
      lastName: 'Durand',
      email: 'pierre.durand@aerogate.demo',
      phone: '+33 6 12 34 56 78',
      birthDate: new Date('1988-09-14'),
      documents: {
        create: [
          { skillType: 'idDocument', reference: 'ID-FR-DEMO-0002', validUntil: new Date('2031-02-01') },
          {
            skillType: 'specificSts',
            reference: 'STS-01-DEMO-0002',
            validFrom: new Date('2025-02-01'),
            validUntil: new Date('2030-02-01'),
          },
        ],
      },
    },
  });
  const mapper = await prisma.machine.create({
    data: {
      userId: operatorId,
      internalName: 'Mapper 1',
      serialNumber: 'SN-MAP-0001',
      registrationNumber: 'FRA-DEMO-0001',
      classes: ['C2'],
      massGrams: 3900,
      equipmentCamera: true,
      equipmentBarometricSensor: true,
    },
  });
  await prisma.machine.create({
    data: {
      userId: operatorId,
      internalName: 'Scout mini',
      serialNumber: 'SN-SCT-0002',
      classes: ['C0'],
      massGrams: 240,
      equipmentCamera: true,
    },
  });
  const paula = await prisma.pilot.findUniqueOrThrow({ where: { id: actors.supervisedPilotId } });

  const at = (days: number, hour: number) => {
    const date = new Date(now.getTime() + days * DAY);
    date.setUTCHours(hour, 0, 0, 0);
    return date;
  };
  const mission = async (
    title: string,
    status: 'draft' | 'complete' | 'toBeValidated' | 'validated',
    plan: { lon: number; lat: number; startDay: number; pilot: typeof paula } | null,
    createdDaysAgo = 3,
  ) => {
    const historyAt = (step: number) => new Date(now.getTime() - (createdDaysAgo - step) * DAY);
    const geometry = plan ? square(plan.lon, plan.lat, 0.6) : null;
    const data: Prisma.MissionUncheckedCreateInput = {
      userId: operatorId,
      title,
      status,
      country: 'FR',
      scenario: plan ? 'OPEN_A3' : null,
      // Domain §5: every mission is created with a pilot and a machine; a draft misses its area, dates and height.
      referentPilotId: (plan?.pilot ?? pierre).id,
      mainMachineId: mapper.id,
      ...(plan && geometry
        ? {
            maxHeightM: 50,
            maxAltitudeFt: Math.round(50 / 0.3048),
            maximumDurationMin: 90,
            startAt: at(plan.startDay, 8),
            endAt: at(plan.startDay, 11),
            areas: geometry.areas,
            areaKm2: geometry.areaKm2,
            description: 'Photogrammetry of the fields, visual line of sight.',
          }
        : {}),
      history: {
        create: [
          { from: null, to: plan ? 'complete' : 'draft', action: 'create', actorId: operatorId, at: historyAt(0) },
          ...(status === 'toBeValidated' || status === 'validated'
            ? [
                {
                  from: 'complete' as const,
                  to: 'toBeValidated' as const,
                  action: 'sendForValidation',
                  actorId: operatorId,
                  at: historyAt(1),
                },
              ]
            : []),
          ...(status === 'validated'
            ? [
                {
                  from: 'toBeValidated' as const,
                  to: 'validated' as const,
                  action: 'validate',
                  actorId: operatorId,
                  at: historyAt(2),
                },
              ]
            : []),
        ],
      },
    };
    const row = await prisma.mission.create({ data });
    return { row, geometry, plan };
  };
  await mission('Roof inspection (draft)', 'draft', null);
  await mission('Orchard survey', 'complete', { lon: 2.2, lat: 48.72, startDay: 9, pilot: pierre });
  const waiting = await mission('Campus photogrammetry', 'toBeValidated', { lon: 2.17, lat: 48.71, startDay: 5, pilot: paula });
  const accepted = await mission('Field mapping', 'validated', { lon: 2.14, lat: 48.7, startDay: 3, pilot: pierre });
  const flown = await mission('Quarry survey', 'validated', { lon: 2.19, lat: 48.705, startDay: -1, pilot: paula }, 4);
  await flownMission(prisma, flown.row, flown.plan!, at(-1, 9));

  const request = async (filed: typeof waiting, outcome: 'submitted' | 'accepted', submittedDaysAgo: number) => {
    const { row, geometry, plan } = filed;
    const snapshot: MissionSnapshot = {
      id: row.id,
      title: row.title,
      startAt: row.startAt!.toISOString(),
      endAt: row.endAt!.toISOString(),
      maxHeightM: row.maxHeightM,
      maxAltitudeFt: row.maxAltitudeFt,
      areas: geometry!.areas,
      areaKm2: geometry!.areaKm2,
      extentKm: geometry!.extentKm,
      scenario: row.scenario,
      country: 'FR',
      camerawork: false,
      description: row.description,
      constraints: null,
      referentPilot: { id: plan!.pilot.id, firstName: plan!.pilot.firstName, lastName: plan!.pilot.lastName },
      mainMachine: {
        id: mapper.id,
        internalName: mapper.internalName,
        serialNumber: mapper.serialNumber,
        classes: mapper.classes,
        massGrams: mapper.massGrams,
      },
    };
    const submittedAt = new Date(now.getTime() - submittedDaysAgo * DAY);
    const decidedAt = new Date(submittedAt.getTime() + 3 * 3_600_000);
    const created = await prisma.request.create({
      data: {
        referenceNumber: randomUUID(),
        missionId: row.id,
        airspaceId,
        operatorId,
        status: outcome,
        operatorPhone: '+33 6 98 76 54 32',
        firstMessage: 'Hello, we would like to map this area. A second person watches the sky.',
        conditionsAcceptedAt: submittedAt,
        missionSnapshot: snapshot,
        impactLevel: 'low',
        classification: [],
        submittedAt,
        autoRejectAt: outcome === 'submitted' ? new Date(now.getTime() + 72 * 3_600_000) : null,
        ...(outcome === 'accepted' ? { decidedById: managerId, decidedAt } : {}),
        events: {
          create: [
            { from: null, to: 'submitted', action: 'submit', actorId: operatorId, at: submittedAt },
            ...(outcome === 'accepted'
              ? [{ from: 'submitted' as const, to: 'accepted' as const, action: 'accept', actorId: managerId, at: decidedAt }]
              : []),
          ],
        },
        messages: {
          create: [
            { authorId: operatorId, body: 'Hello, we would like to map this area. A second person watches the sky.', at: submittedAt },
          ],
        },
      },
    });
    // The reference is built from the sequence's number, as the requests repository does (AG-<year>-<6 digits>).
    const referenceNumber = `AG-${submittedAt.getUTCFullYear()}-${String(created.number).padStart(6, '0')}`;
    await prisma.request.update({ where: { id: created.id }, data: { referenceNumber } });
  };
  await request(accepted, 'accepted', 2);
  await request(waiting, 'submitted', 1);

  await prisma.automationRule.create({
    data: {
      airspaceId,
      title: 'Low impact on weekdays below 60 m',
      mode: 'acceptAuto',
      range: { weekdays: [1, 2, 3, 4, 5], fromTime: '07:00', toTime: '19:00', maxHeightM: 60 },
      impactLevels: ['low'],
      customReply: 'Accepted automatically: low impact on a weekday, below 60 m.',
      restrictions: [{ kind: 'callBeforeAfter', phone: '+33 1 00 00 00 00' }],
      enabled: false,
    },
  });
  await prisma.alert.create({
    data: {
      name: 'Saclay nuclear research centre',
      type: 'doNotEnter',
      isDisplayed: true,
      permanent: true,
      lowerLimitM: 0,
      upperLimitM: 150,
      notifyEmail: true,
      geometry: square(2.145, 48.73, 1.2).areas,
      geometrySources: ['drawn'],
    },
  });

  // The newcomer: a complete file, sent for validation yesterday.
  await prisma.user.update({
    where: { id: newcomerId },
    data: { ...ADDRESS, city: 'Orsay', postalCode: '91400', agreementStatus: 'toBeValidated' },
  });
  await prisma.agreementHistory.create({
    data: {
      userId: newcomerId,
      action: 'request',
      fromStatus: 'notValidated',
      toStatus: 'toBeValidated',
      actorId: newcomerId,
      createdAt: new Date(now.getTime() - DAY),
    },
  });
  await prisma.pilot.create({
    data: {
      userId: newcomerId,
      firstName: 'Nadia',
      lastName: 'Newcomer',
      email: DEMO_NEWCOMER,
      documents: {
        create: [
          { skillType: 'idDocument', reference: 'ID-FR-DEMO-0003', validUntil: new Date('2032-01-01') },
          { skillType: 'licence', reference: 'FRA-RP-DEMO-LIC-03', validFrom: new Date('2025-06-01'), validUntil: new Date('2030-06-01') },
        ],
      },
    },
  });
  await prisma.machine.create({
    data: { userId: newcomerId, internalName: 'Inspector', serialNumber: 'SN-INS-0003', classes: ['C1'], massGrams: 890 },
  });
  if (options.dataDir) await operatorDocuments(prisma, options.dataDir, newcomerId, 'pending', adminId);
}
