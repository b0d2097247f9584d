import type { Request } from 'express';

/**
 * The `return` preference of the request's `Prefer` header (RFC 7240 §4.2): `minimal` or `representation`, else null.
 * Preferences are comma-separated, each `name[=value]` with `;` parameters; names are case-insensitive, a value may be
 * quoted, and the first `return` counts.
 */
export function returnPreference(req: Request): 'minimal' | 'representation' | null {
  const header = req.get('prefer');
  if (!header) return null;
  for (const preference of header.split(',')) {
    const [token = ''] = preference.split(';');
    const equals = token.indexOf('=');
    const name = (equals === -1 ? token : token.slice(0, equals)).trim().toLowerCase();
    if (name !== 'return') continue;
    const value =
      equals === -1
        ? ''
        : token
            .slice(equals + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1')
            .toLowerCase();
    return value === 'minimal' || value === 'representation' ? value : null;
  }
  return null;
}
