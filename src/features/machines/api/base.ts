/** `/api/machines` for the signed-in operator, `/api/users/:userId/machines` for an administrator's view of a user. */
export function machinesBase(userId?: string) {
  return userId ? `users/${encodeURIComponent(userId)}/machines` : 'machines';
}

export const machinesKey = ['machines'] as const;
