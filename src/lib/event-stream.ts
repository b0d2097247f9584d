/** One Server-Sent Event: `event` defaults to "message" as in the EventSource standard. */
export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental parser of the `text/event-stream` format (WHATWG HTML §9.2): feed it chunks as they arrive, it
 * returns the events they complete. Comments (`:` lines, the server's keep-alives) and `retry` are ignored.
 */
export function createEventStreamParser() {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | undefined;

  const line = (text: string, out: StreamEvent[]) => {
    if (text === '') {
      if (data.length) out.push({ event: event || 'message', data: data.join('\n'), ...(id === undefined ? {} : { id }) });
      data = [];
      event = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  };

  return (chunk: string): StreamEvent[] => {
    buffer += chunk;
    const out: StreamEvent[] = [];
    let end: RegExpExecArray | null;
    const newline = /\r\n|\r|\n/g;
    let start = 0;
    while ((end = newline.exec(buffer))) {
      // A lone \r at the very end may be the first half of \r\n: wait for the next chunk.
      if (end[0] === '\r' && end.index === buffer.length - 1) break;
      line(buffer.slice(start, end.index), out);
      start = end.index + end[0].length;
    }
    buffer = buffer.slice(start);
    return out;
  };
}

export interface EventStreamOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  onEvent: (event: StreamEvent) => void;
  fetchImpl?: typeof fetch;
}

/** A non-2xx answer or a body that is no event stream. */
export class EventStreamError extends Error {
  constructor(readonly status: number) {
    super(`event stream answered ${status}`);
  }
}

/**
 * Reads a Server-Sent Events stream over fetch, so it can carry the bearer header EventSource cannot send. Resolves
 * when the server closes the stream, rejects on a network error, a non-2xx answer or an abort.
 */
export async function readEventStream(url: string, { headers, signal, onEvent, fetchImpl = fetch }: EventStreamOptions): Promise<void> {
  const response = await fetchImpl(url, { headers: { Accept: 'text/event-stream', ...headers }, signal, cache: 'no-store' });
  if (!response.ok || !response.body) throw new EventStreamError(response.status);
  const parse = createEventStreamParser();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    for (const event of parse(value)) onEvent(event);
  }
}
