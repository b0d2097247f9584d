import { describe, expect, it } from 'vitest';
import { copyOut } from '../../../server/modules/replay/copy-out';

/** A protocol message: its code, its length (itself included) and its body. */
const message = (code: string, body: string) => {
  const bytes = Buffer.from(body);
  const header = Buffer.alloc(5);
  header.write(code, 0, 'latin1');
  header.writeUInt32BE(bytes.length + 4, 1);
  return Buffer.concat([header, bytes]);
};

/**
 * The stream's parser fed `bytes` in chunks of `size`, as pg-copy-streams' `_forward` feeds it from the connection:
 * what it pushed, and what it handed back to node-postgres (the bytes after the copy, or from an error on).
 */
function feed(bytes: Buffer, size: number) {
  const stream = copyOut('COPY (SELECT 1) TO STDOUT') as unknown as {
    _parse(chunk: Buffer): boolean | undefined;
    _buffer: { push(chunk: Buffer): void };
    _detach(): void;
    _cleanup(): void;
    push(chunk: Buffer | null): boolean;
  };
  const pushed: Buffer[] = [];
  const handedBack: Buffer[] = [];
  let ended = false;
  let detached = false;
  stream._buffer = { push: (chunk) => handedBack.push(Buffer.from(chunk)) };
  stream._detach = () => (detached = true);
  stream._cleanup = () => undefined;
  stream.push = (chunk) => {
    if (chunk === null) ended = true;
    else pushed.push(Buffer.from(chunk));
    return true;
  };
  for (let at = 0; at < bytes.length && !detached; at += size) stream._parse(Buffer.from(bytes.subarray(at, at + size)));
  return { rows: Buffer.concat(pushed).toString(), handedBack: Buffer.concat(handedBack).toString('latin1'), ended, detached };
}

const rows = Array.from({ length: 40 }, (_, index) => `2026-06-01T00:00:${String(index).padStart(2, '0')}.000Z,wi,"TRK, ${index}",drone\n`);
const copy = Buffer.concat([
  message('H', '\u0000\u0000\u0000'),
  ...rows.slice(0, 20).map((row) => message('d', row)),
  message('N', 'a notice among the rows'),
  ...rows.slice(20).map((row) => message('d', row)),
  message('c', ''),
]);
const afterCopy = Buffer.concat([message('C', 'COPY 40\u0000'), message('Z', 'I')]);

describe('COPY … TO STDOUT parser of the replay CSV', () => {
  it.each([1, 2, 5, 7, 64, 4096])('gives the rows byte for byte, whatever the chunks (%i bytes), and the rest back', (size) => {
    const result = feed(Buffer.concat([copy, afterCopy]), size);
    expect(result.rows).toBe(rows.join(''));
    expect(result.ended).toBe(true);
    expect(result.detached).toBe(true);
    // What follows the copy's end is node-postgres's to read, whether it came with the end or after it.
    expect(afterCopy.toString('latin1').startsWith(result.handedBack)).toBe(true);
  });

  it('hands an error back to node-postgres from its first byte, and ends nothing itself', () => {
    const error = message('E', 'SERROR\u0000Mcanceling statement due to statement timeout\u0000\u0000');
    const result = feed(Buffer.concat([message('H', '\u0000\u0000\u0000'), message('d', rows[0]!), error, afterCopy]), 4096);
    expect(result.rows).toBe('');
    expect(result.detached).toBe(true);
    expect(result.ended).toBe(false);
    expect(result.handedBack.startsWith(error.toString('latin1'))).toBe(true);
  });
});
