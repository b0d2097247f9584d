/** `/api/pilots` for the signed-in operator, `/api/users/:userId/pilots` for an administrator's view of a user. */
export function pilotsBase(userId?: string) {
  return userId ? `users/${encodeURIComponent(userId)}/pilots` : 'pilots';
}

export const pilotsKey = ['pilots'] as const;
