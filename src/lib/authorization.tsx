import type { ReactNode } from 'react';
import type { Right } from '@/shared/domain/rights';
import { useSession, type Session } from './session';

/** A right, or a list of rights of which any one suffices. */
export type Permission = Right | readonly Right[];

/** Roles from login are kept as permissions and checked here (spec §6); the server enforces them again. */
export function can(session: Pick<Session, 'rights'> | null, permission: Permission): boolean {
  if (!session) return false;
  const wanted: readonly Right[] = typeof permission === 'string' ? [permission] : permission;
  return wanted.some((right) => session.rights.has(right));
}

export function useCan(permission: Permission): boolean {
  return can(useSession(), permission);
}

export function Can({ permission, children, fallback = null }: { permission: Permission; children: ReactNode; fallback?: ReactNode }) {
  return <>{useCan(permission) ? children : fallback}</>;
}
