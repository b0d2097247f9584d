/** Query keys of the mission screens; the list and calendar share the `missions` root. */
export const missionsKey = ['missions'] as const;

export const missionPath = (id: string) => `preflights/${encodeURIComponent(id)}`;
