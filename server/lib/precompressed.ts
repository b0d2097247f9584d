import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

// Brotli first: browsers list gzip before it, but its copies are the smaller ones.
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Serves the brotli or gzip copy that the build wrote next to each asset (vite.config.ts, `precompressAssets`) to a
 * browser that accepts it; anything else falls through to express.static and the compression middleware, which
 * leaves an encoded answer alone.
 */
export function precompressedAssets(dir: string, options: { maxAge: string }): RequestHandler {
  const root = path.resolve(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let file: string;
    try {
      file = path.join(root, path.normalize(decodeURIComponent(req.path)));
    } catch {
      return next();
    }
    if (!file.startsWith(root + path.sep)) return next();
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const encoding = ENCODINGS.find(({ name, extension }) => accepted.has(name) && existsSync(file + extension));
    if (!encoding) return next();
    res.setHeader('Content-Encoding', encoding.name);
    res.setHeader('Vary', 'Accept-Encoding');
    res.type(path.extname(file));
    res.sendFile(file + encoding.extension, { maxAge: options.maxAge }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
