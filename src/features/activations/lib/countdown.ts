/** Time left until `target`, split for display; `passed` once the moment is reached. */
export function countdown(target: Date, now: Date): { passed: boolean; days: number; hours: number; minutes: number } {
  const left = target.getTime() - now.getTime();
  if (left <= 0) return { passed: true, days: 0, hours: 0, minutes: 0 };
  const minutes = Math.ceil(left / 60_000);
  return { passed: false, days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

/** A date-time field's value ("YYYY-MM-DDTHH:mm", local time) as an ISO instant, or null when empty or invalid. */
export function isoOfLocal(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An ISO instant as a date-time field's value in the browser's time zone. */
export function localOfIso(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
