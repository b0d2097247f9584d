/** Bytes as B, kB or MB with one decimal, in the reader's language. */
export function formatFileSize(bytes: number, locale: string): string {
  const format = (value: number, unit: string) => `${value.toLocaleString(locale, { maximumFractionDigits: 1 })} ${unit}`;
  if (bytes < 1024) return format(bytes, 'B');
  if (bytes < 1024 * 1024) return format(bytes / 1024, 'kB');
  return format(bytes / (1024 * 1024), 'MB');
}
