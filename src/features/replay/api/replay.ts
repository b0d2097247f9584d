import { useCallback, useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, notifyError } from '@/lib/api-client';
import {
  REPLAY_PAGE_DEFAULT,
  REPLAY_PAGE_MAX,
  REPLAY_POSITIONS_MAX,
  type ReplayDensity,
  type ReplayFlights,
  type ReplayPage,
  type ReplaySelection,
  type ReplayStations,
} from '@/shared/contracts/replay';
import type { TrackExportFormat } from '@/shared/geo/track-files';
import { appendPage, emptyReplayData, type ReplayData } from '../replay-data';
import { downloadFile } from '@/lib/download';

/** The selection as query parameters: the area as `west,south,east,north`. */
const paramsOf = (selection: ReplaySelection) => ({ ...selection, bbox: selection.bbox?.join(',') });

export async function getReplayFlights(selection: ReplaySelection): Promise<ReplayFlights> {
  const { data } = await apiClient.get<ReplayFlights>('replay/flights', { params: paramsOf(selection) });
  return data;
}

export function useReplayFlights(selection: ReplaySelection | null) {
  return useQuery({
    queryKey: ['replay', 'flights', selection],
    queryFn: () => getReplayFlights(selection!),
    enabled: selection !== null,
    placeholderData: keepPreviousData,
  });
}

export async function getReplayDensity(selection: ReplaySelection): Promise<ReplayDensity> {
  const { data } = await apiClient.get<ReplayDensity>('replay/density', { params: paramsOf(selection) });
  return data;
}

/** The heatmap of a replayed selection, asked for when the layer is on. */
export function useReplayDensity(selection: ReplaySelection | null, enabled: boolean) {
  return useQuery({
    queryKey: ['replay', 'density', selection],
    queryFn: () => getReplayDensity(selection!),
    enabled: enabled && selection !== null,
  });
}

export async function getReplayStations(selection: ReplaySelection): Promise<ReplayStations> {
  const { data } = await apiClient.get<ReplayStations>('replay/stations', { params: paramsOf(selection) });
  return data;
}

/** The ground stations of a replayed selection, asked for when the layer is on. */
export function useReplayStations(selection: ReplaySelection | null, enabled: boolean) {
  return useQuery({
    queryKey: ['replay', 'stations', selection],
    queryFn: () => getReplayStations(selection!),
    enabled: enabled && selection !== null,
  });
}

export async function getReplayPage(selection: ReplaySelection, after: string | null, signal?: AbortSignal): Promise<ReplayPage> {
  const { data } = await apiClient.get<ReplayPage>('replay/positions', {
    // A small first page draws the first frame sooner; the following ones are as large as allowed.
    params: { ...paramsOf(selection), limit: after ? REPLAY_PAGE_MAX : REPLAY_PAGE_DEFAULT, ...(after ? { after } : {}) },
    signal,
    // A cancelled page (a new selection) is no failure; the others are told by useReplayLoad.
    silent: true,
  });
  return data;
}

export async function downloadReplayCsv(selection: ReplaySelection) {
  await downloadFile('replay/positions.csv', paramsOf(selection), 'replay.csv');
}

/** The selection as a KML, GeoJSON or GPX file, built by the server (docs/post-flight.md "Replay"). */
export async function downloadReplayTrack(selection: ReplaySelection, format: TrackExportFormat) {
  await downloadFile('replay/track', { ...paramsOf(selection), format }, `replay.${format}`);
}

export interface ReplayLoad {
  status: 'idle' | 'loading' | 'done' | 'error';
  data: ReplayData;
  /** The selection holds more than REPLAY_POSITIONS_MAX positions: the rest was not loaded. */
  truncated: boolean;
}

const IDLE: ReplayLoad = { status: 'idle', data: emptyReplayData(), truncated: false };

/**
 * Loads a selection page after page: the first page is shown at once (the replay can start), the next ones join it
 * until the selection ends or reaches REPLAY_POSITIONS_MAX. A new selection or leaving the screen stops the loading.
 */
export function useReplayLoad() {
  const [load, setLoad] = useState<ReplayLoad>(IDLE);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (selection: ReplaySelection) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    let data = emptyReplayData();
    setLoad({ status: 'loading', data, truncated: false });
    try {
      let after: string | null = null;
      do {
        const page = await getReplayPage(selection, after, current.signal);
        if (current.signal.aborted) return;
        data = appendPage(data, page);
        after = page.next;
        const truncated = after !== null && data.time.length >= REPLAY_POSITIONS_MAX;
        setLoad({ status: after && !truncated ? 'loading' : 'done', data, truncated });
        if (truncated) return;
      } while (after);
    } catch (error) {
      if (current.signal.aborted) return;
      notifyError(error);
      setLoad({ status: 'error', data, truncated: false });
    }
  }, []);

  return { load, start };
}
