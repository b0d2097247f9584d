import type { Account, LoginResult } from '../../../src/shared/contracts/auth';
import { HOMEPAGES, type Homepage } from '../../../src/shared/domain/enums';
import { isRight, toRole, type Right } from '../../../src/shared/domain/rights';
import { supervisedRights } from '../../../src/shared/domain/supervision';
import type { UserWithAccess } from './auth.repository';

/** The groups' rights; a supervised account's are cut to what its pilot's level and rights allow. */
export function rightsOf(user: UserWithAccess): Right[] {
  const rights = new Set<Right>();
  for (const group of user.groups) for (const right of group.rights) if (isRight(right)) rights.add(right);
  const pilot = user.supervisedPilot;
  return pilot ? supervisedRights(rights, { level: pilot.supervisionLevel, rights: pilot.rights }) : [...rights].sort();
}

/** The pilot a supervised account signs in for, as its access token carries it. */
export function supervisionOf(user: UserWithAccess) {
  const pilot = user.supervisedPilot;
  return pilot ? { id: pilot.id, level: pilot.supervisionLevel, rights: pilot.rights } : undefined;
}

function homepageOf(value: string): Homepage {
  return (HOMEPAGES as readonly string[]).includes(value) ? (value as Homepage) : 'dashboard';
}

export function toLoginResponse(user: UserWithAccess, tokens: { token: string; expiredAt: number; gjrt: string }): LoginResult {
  const airspaceId = user.managedAirspaces[0]?.id ?? null;
  return {
    token: tokens.token,
    expiredAt: tokens.expiredAt,
    roles: rightsOf(user).map(toRole),
    name: `${user.firstName} ${user.lastName}`.trim(),
    gjrt: tokens.gjrt,
    lang: user.lang,
    status: user.agreementStatus,
    supervision: user.supervisedPilot?.id ?? null,
    email: user.email,
    airspaceAdmin: airspaceId !== null,
    airspaceAdminId: airspaceId,
    homepage: homepageOf(user.homepage),
  };
}

export function toAccount(user: UserWithAccess): Account {
  return {
    id: user.id,
    email: user.email,
    civility: user.civility,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    dateOfBirth: user.dateOfBirth ? user.dateOfBirth.toISOString().slice(0, 10) : null,
    companyName: user.companyName,
    adminZone: user.adminZone,
    subscription: user.subscription,
    addressLine1: user.addressLine1,
    addressLine2: user.addressLine2,
    addressLine3: user.addressLine3,
    postalCode: user.postalCode,
    city: user.city,
    country: user.country,
    apiKey: user.apiKey,
    homepage: homepageOf(user.homepage),
    newsletter: user.newsletter,
    lang: user.lang,
    doubleFactorEnabled: user.doubleFactorEnabled,
    secondPersonValidation: user.secondPersonValidation,
    agreementStatus: user.agreementStatus,
    agreementExpiresAt: user.agreementExpiresAt?.toISOString() ?? null,
    adminMessage: user.adminMessage,
    externalIdentifiers: user.externalIdentifiers.map(({ type, value }) => ({ type, value })),
    groups: user.groups.map(({ id, name }) => ({ id, name })),
    roles: rightsOf(user).map(toRole),
  };
}
