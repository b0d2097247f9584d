import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { TrackImportResult } from '@/shared/contracts/tracks';
import type { TrackExportFormat } from '@/shared/geo/track-files';
import { downloadFile } from '@/lib/download';

/** Sends a track file to the mission's stored track; `onProgress` gets the share of the file sent, 0 to 1. */
export function useImportTrack(missionId: string, onProgress: (sent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      const { data } = await apiClient.post<TrackImportResult>(`postflights/${missionId}/track`, body, {
        onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : 0),
      });
      return data;
    },
    // The diary proposes a flight time from the tracks and lists the import in its history.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['post-flights', missionId] }),
  });
}

/** Downloads the mission's stored track as a file (the request carries the session, so not a plain link). */
export async function downloadTrack(missionId: string, format: TrackExportFormat, fileName: string) {
  await downloadFile(`postflights/${missionId}/track`, { format }, `${fileName}.${format}`);
}
