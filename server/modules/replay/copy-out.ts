import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';

/** PostgreSQL's message codes (protocol-message-formats) that a COPY … TO STDOUT stream meets. */
const COPY_DATA = 0x64;
const ERROR_RESPONSE = 0x45;
/** Messages the server may send among the rows (CopyOutResponse, ParameterStatus, NoticeResponse, NotificationResponse). */
const INTERSPERSED: ReadonlySet<number> = new Set([0x48, 0x53, 0x4e, 0x41]);
const HEADER_BYTES = 5;

/** What of pg-copy-streams' (7.0.0, pinned) CopyStreamQuery the parser below uses: its hand-over back to node-postgres. */
interface CopyStreamInternals {
  _buffer: { push(chunk: Buffer): void };
  _detach(): void;
  _cleanup(): void;
  push(chunk: Buffer | null): boolean;
}

interface FastCopyStream extends CopyStreamInternals {
  /** The start of a message cut by the end of the last chunk. */
  pendingBytes?: Buffer;
}

/**
 * One chunk of the connection's bytes, with pg-copy-streams' answer: the rows' bytes pushed in one buffer, whether the
 * consumer wants more. The library's own parser took each row through a buffer list (a Buffer view made and then
 * copied per row): on a million rows that was half of the server's CPU during the extraction (docs/performance.md,
 * "Replay"). This one walks the chunk and moves each row's bytes over the headers before it, allocating nothing per row
 * (Buffer's `copy` makes a view per call). On an error, or at the
 * end of the copy, what follows goes back to node-postgres as the library does it.
 */
function parseCopyOut(this: FastCopyStream, chunk: Buffer): boolean | undefined {
  const data = this.pendingBytes ? Buffer.concat([this.pendingBytes, chunk]) : chunk;
  this.pendingBytes = undefined;
  // The rows' bytes are moved to the front of the chunk itself (the stream owns it once read), over their headers.
  let size = 0;
  let at = 0;
  let done = false;
  while (!done && at + HEADER_BYTES <= data.length) {
    const code = data[at] as number;
    if (code === ERROR_RESPONSE) {
      // node-postgres reads the error and fails the query, which destroys this stream with it.
      this._buffer.push(data.subarray(at));
      this._detach();
      return undefined;
    }
    const end = at + 1 + data.readUInt32BE(at + 1);
    if (end > data.length) break;
    if (code === COPY_DATA) {
      data.copyWithin(size, at + HEADER_BYTES, end);
      size += end - at - HEADER_BYTES;
    } else if (!INTERSPERSED.has(code)) done = true;
    at = end;
  }
  const drained = size === 0 || this.push(data.subarray(0, size));
  if (done) {
    if (at < data.length) this._buffer.push(data.subarray(at));
    this._detach();
    this.push(null);
    this._cleanup();
  } else if (at < data.length) this.pendingBytes = data.subarray(at);
  return drained;
}

/** pg-copy-streams' `COPY … TO STDOUT` stream, with the cheaper parser above. */
export function copyOut(sql: string): CopyToStreamQuery {
  const stream = copyTo(sql);
  Object.assign(stream, { _parse: parseCopyOut });
  return stream;
}
