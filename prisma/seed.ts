import bcrypt from 'bcrypt';
import { ADMIN_RIGHTS, AIRSPACE_MANAGER_RIGHTS, OPERATOR_RIGHTS, SUPERVISED_PILOT_RIGHTS, type Right } from '../src/shared/domain/rights';
import type { PrismaClient } from '../server/generated/prisma/client';
import { DEMO_NEWCOMER, seedDemoStory, type DemoStoryOptions } from './seed-demo';

export const DEMO_PASSWORD = 'Aerogate-Demo-1!';

export const DEMO_GROUPS: { name: string; rights: readonly Right[]; level: 'basic' | 'advanced' }[] = [
  // Spec shell §1: administrators also approve attachments, which is the (user) right ATTACHEMENT_VALIDATE.
  { name: 'Administrators', rights: [...ADMIN_RIGHTS, 'ATTACHEMENT_VALIDATE'], level: 'advanced' },
  { name: 'Operators', rights: OPERATOR_RIGHTS, level: 'basic' },
  { name: 'Airspace managers', rights: AIRSPACE_MANAGER_RIGHTS, level: 'advanced' },
  { name: 'Supervised pilots', rights: SUPERVISED_PILOT_RIGHTS, level: 'basic' },
];

export const DEMO_ACCOUNTS = {
  admin: 'admin@aerogate.demo',
  operator: 'operator@aerogate.demo',
  pilot: 'pilot@aerogate.demo',
  manager: 'manager@aerogate.demo',
  newcomer: DEMO_NEWCOMER,
} as const;

export async function isSeeded(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.group.count()) > 0;
}

/** The plateau of Saclay, south-west of Paris: demo missions drawn there are routed to the manager's airspace. */
const DEMO_AIRSPACE_AREA = {
  geometry: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [2.1, 48.68],
          [2.25, 48.68],
          [2.25, 48.75],
          [2.1, 48.75],
          [2.1, 48.68],
        ],
      ],
    ],
  },
  minLon: 2.1,
  minLat: 48.68,
  maxLon: 2.25,
  maxLat: 48.75,
};

/**
 * Groups, demo accounts, the manager's airspace and the demo story (prisma/seed-demo.ts). Idempotent: existing rows
 * are left as they are.
 */
export async function seedDatabase(prisma: PrismaClient, options: DemoStoryOptions = {}): Promise<void> {
  const groups = new Map<string, string>();
  for (const group of DEMO_GROUPS) {
    const row = await prisma.group.upsert({
      where: { name: group.name },
      update: {},
      create: { name: group.name, rights: [...group.rights], kind: 'system', level: group.level },
    });
    groups.set(group.name, row.id);
  }
  const passwordHash = await bcrypt.hash(DEMO_PASSWORD, 10);
  const account = async (
    email: string,
    group: string,
    profile: { firstName: string; lastName: string; homepage?: string; parentId?: string; companyName?: string; phoneNumber?: string },
  ) => {
    const user = await prisma.user.upsert({
      where: { email },
      update: {},
      create: {
        email,
        passwordHash,
        status: 'active',
        ...profile,
        groups: { connect: { id: groups.get(group)! } },
        passwordHistory: { create: { hash: passwordHash } },
      },
    });
    return user.id;
  };
  const adminId = await account(DEMO_ACCOUNTS.admin, 'Administrators', { firstName: 'Alice', lastName: 'Admin' });
  const operatorId = await account(DEMO_ACCOUNTS.operator, 'Operators', {
    firstName: 'Olivier',
    lastName: 'Operator',
    companyName: 'Aerogate Demo Operations',
    phoneNumber: '+33 1 23 45 67 89',
  });
  const pilotAccountId = await account(DEMO_ACCOUNTS.pilot, 'Supervised pilots', {
    firstName: 'Paula',
    lastName: 'Pilot',
    parentId: operatorId,
  });
  // The supervised account signs in for this pilot record: the login answers its id as `supervision`.
  let supervisedPilot = await prisma.pilot.findUnique({ where: { supervisedUserId: pilotAccountId } });
  if (!supervisedPilot) {
    supervisedPilot = await prisma.pilot.create({
      data: {
        userId: operatorId,
        firstName: 'Paula',
        lastName: 'Pilot',
        email: DEMO_ACCOUNTS.pilot,
        supervisionLevel: 1,
        rights: ['personalAccount', 'missionPreparation', 'viewOperatorMachines'],
        supervisedUserId: pilotAccountId,
        documents: {
          create: [
            { skillType: 'openA1A3', reference: 'FRA-RP-DEMO-0001', validFrom: new Date('2025-01-01'), validUntil: new Date('2030-01-01') },
          ],
        },
      },
    });
  }
  const managerId = await account(DEMO_ACCOUNTS.manager, 'Airspace managers', {
    firstName: 'Marc',
    lastName: 'Manager',
    homepage: 'procedures',
  });
  const newcomerId = await account(DEMO_ACCOUNTS.newcomer, 'Operators', {
    firstName: 'Nadia',
    lastName: 'Newcomer',
    companyName: 'Skyline Survey',
    phoneNumber: '+33 1 98 76 54 32',
  });
  const airspace = await prisma.airspace.upsert({
    where: { internalCode: 'LFPS-DEMO' },
    update: {},
    create: {
      name: 'Paris-Saclay demo airspace',
      internalCode: 'LFPS-DEMO',
      authorityName: 'Paris-Saclay demo authority',
      ...DEMO_AIRSPACE_AREA,
      minNoticeDays: 1,
      maxNoticeDays: 90,
      maxDurationHours: 12,
      maxPolygons: 5,
      maxAreaKm2: 10,
      maxAreaPerPolygonKm2: 5,
      maxExtentKm: 10,
      autoRejectDelayHours: 72,
      generalConditions: 'Flights are allowed on weekdays only. Call the control tower before take-off and after landing.',
      twrPhoneNumber: '+33 1 00 00 00 00',
      activationTrigger: 'never',
      managers: { connect: { id: managerId } },
    },
  });
  await seedDemoStory(
    prisma,
    { operatorId, newcomerId, managerId, adminId, airspaceId: airspace.id, supervisedPilotId: supervisedPilot.id },
    options,
  );
}
