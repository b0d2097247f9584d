import { API_KEY_VISIBLE_END, type UserDetail } from '../../../src/shared/contracts/users';
import { HOMEPAGES, type Homepage } from '../../../src/shared/domain/enums';
import type { UserDetailRow } from './users.repository';

const homepageOf = (value: string): Homepage => ((HOMEPAGES as readonly string[]).includes(value) ? (value as Homepage) : 'dashboard');
const dayOf = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);

export function toUserDetail(user: UserDetailRow): UserDetail {
  return {
    id: user.id,
    email: user.email,
    civility: user.civility,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    dateOfBirth: dayOf(user.dateOfBirth),
    companyName: user.companyName,
    groups: user.groups,
    adminZone: user.adminZone,
    subscription: user.subscription,
    addressLine1: user.addressLine1,
    addressLine2: user.addressLine2,
    addressLine3: user.addressLine3,
    postalCode: user.postalCode,
    city: user.city,
    country: user.country,
    apiKeyEnd: user.apiKey ? user.apiKey.slice(-API_KEY_VISIBLE_END) : null,
    homepage: homepageOf(user.homepage),
    newsletter: user.newsletter,
    lang: user.lang,
    status: user.status,
    externalIdentifiers: user.externalIdentifiers.map(({ type, value }) => ({ type, value })),
    agreementStatus: user.agreementStatus,
    agreementExpiresAt: dayOf(user.agreementExpiresAt),
    adminMessage: user.adminMessage,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
