import { EventSourceParserStream } from 'eventsource-parser/stream';
import { refreshSession } from './api-client';
import { getToken } from './session';

/** One Server-Sent Event: `event` defaults to "message" as in the EventSource standard. */
export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
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
 * Reads a Server-Sent Events stream over fetch, so it can carry the bearer header EventSource cannot send; the
 * `text/event-stream` format is parsed by `eventsource-parser` (comments, the server's keep-alives, are skipped).
 * Resolves when the server closes the stream, rejects on a network error, a non-2xx answer or an abort.
 */
export async function readEventStream(url: string, { headers, signal, onEvent, fetchImpl = fetch }: EventStreamOptions): Promise<void> {
  const response = await fetchImpl(url, { headers: { Accept: 'text/event-stream', ...headers }, signal, cache: 'no-store' });
  if (!response.ok || !response.body) throw new EventStreamError(response.status);
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onEvent({ event: value.event ?? 'message', data: value.data, ...(value.id === undefined ? {} : { id: value.id }) });
  }
}

/** Retries after a failed or closed stream: 1 s, 2 s, 4 s … up to 30 s; an event received starts over at 1 s. */
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

export interface FollowOptions {
  onEvent: (event: StreamEvent) => void;
  /** The stream failed or closed and will be opened again. */
  onRetry?: () => void;
  fetchImpl?: typeof fetch;
}

/**
 * Keeps a Server-Sent Events stream of the API open with the session's bearer token: a failed or closed stream is
 * opened again after a growing delay. A 401 refreshes the session once; when the refresh fails the session has ended
 * (signed out) and the stream stops for good. Returns the function that stops it.
 */
export function followEventStream(url: string, { onEvent, onRetry, fetchImpl }: FollowOptions): () => void {
  const controller = new AbortController();
  let retry = RETRY_MIN_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    controller.abort();
    clearTimeout(timer);
  };
  const connect = () => {
    const token = getToken();
    readEventStream(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
      fetchImpl,
      onEvent: (event) => {
        retry = RETRY_MIN_MS;
        onEvent(event);
      },
    })
      .catch(async (error: unknown) => {
        if (controller.signal.aborted || !(error instanceof EventStreamError) || error.status !== 401) return;
        await refreshSession().catch(stop);
      })
      .finally(() => {
        if (controller.signal.aborted) return;
        onRetry?.();
        timer = setTimeout(connect, retry);
        retry = Math.min(retry * 2, RETRY_MAX_MS);
      });
  };
  connect();
  return stop;
}
