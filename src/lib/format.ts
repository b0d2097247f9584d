/** "Jeanne d'Arc-Dupont" → "JD": first letters of the first and last words, upper case. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const first = words[0][0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * Aviation time: the day and month in the reader's locale, then the UTC time in 24-hour form with `Z`
 * ("27/11 05:45Z" in French, "11/27 05:45Z" in American English).
 */
export function zuluDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(date);
  return `${day} ${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}Z`;
}
