const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as Mantine's date-time value ("YYYY-MM-DD HH:mm:ss", local time); null stays null. */
export function toLocalDateTime(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Mantine's local date-time value back to an ISO instant (UTC), as the API takes it. */
export function fromLocalDateTime(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
