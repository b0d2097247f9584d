/** Euros as typed ("49,90", "49.9", "50") to cents; null when it is not an amount with at most two decimals. */
export function centsOf(text: string): number | null {
  const normalised = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  const [units, decimals = ''] = normalised.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}

export function eurosOf(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function formatEuros(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
