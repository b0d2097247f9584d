import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/lib/api-client';
import type { PostFlight } from '@/shared/contracts/post-flights';
import type { TrackImportResult } from '@/shared/contracts/tracks';
import { TRACK_EXPORT_FORMATS } from '@/shared/geo/track-files';
import { downloadTrack, useImportTrack } from '../api/track-files';
import { formatLocale } from '@/lib/format';

const ACCEPT = '.gpx,.kml,.geojson,.json,.csv,.ulg,.bin,.tlog';

const place = ({ lat, lon }: { lat: number; lon: number }) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`;

/** What an import stored and what the file tells of the flight, with a warning when it is dated outside the mission. */
function ImportedTrack({ result }: { result: TrackImportResult }) {
  const { t, i18n } = useTranslation('postFlights');
  const { flight } = result;
  const number = (value: number) => value.toLocaleString(formatLocale(i18n.language), { maximumFractionDigits: 1 });
  const values = {
    minutes: number(flight.durationS / 60),
    height: flight.maxHeightM === null ? '' : number(flight.maxHeightM),
    distance: number(flight.maxDistanceM),
    takeoff: place(flight.takeoff),
    landing: place(flight.landing),
  };
  return (
    <Alert color={flight.outsideMission ? 'yellow' : 'teal'} data-testid="post-flight-track-imported">
      <Text size="sm">{t('track.imported', { file: result.fileName, count: result.positions })}</Text>
      <Text size="sm">{t(flight.maxHeightM === null ? 'track.flightNoHeight' : 'track.flight', values)}</Text>
      {flight.battery ? (
        <Text size="sm">{t('track.battery', { first: flight.battery.firstPct, last: flight.battery.lastPct })}</Text>
      ) : null}
      {flight.outsideMission ? (
        <Text size="sm" fw={500} data-testid="post-flight-track-outside-mission">
          {t('track.outsideMission')}
        </Text>
      ) : null}
    </Alert>
  );
}

/** The mission's track: import a logger's file (a flight without a tracker is still logged) and download it. */
export function TrackFiles({ diary, canEdit }: { diary: PostFlight; canEdit: boolean }) {
  const { t } = useTranslation('postFlights');
  const [progress, setProgress] = useState(0);
  // The input forgets its file once sent, so that choosing the same file again (a retry) is a new choice.
  const resetInput = useRef<() => void>(null);
  const importTrack = useImportTrack(diary.missionId, setProgress);
  const hasTrack = diary.proposedFlightTimeMin.fromTracks !== null;
  const fileName = diary.missionTitle.replace(/[^\p{L}\p{N}_-]+/gu, '-') || 'track';

  return (
    <Stack gap="xs" data-testid="post-flight-track">
      <Title order={3} size="h5">
        {t('track.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {hasTrack ? t('track.stored') : t('track.none')}
      </Text>
      {canEdit ? (
        <Group gap="xs">
          <FileButton
            accept={ACCEPT}
            resetRef={resetInput}
            onChange={(file) => {
              if (!file) return;
              setProgress(0);
              importTrack.mutate(file);
              resetInput.current?.();
            }}
          >
            {(props) => (
              <Button {...props} variant="light" loading={importTrack.isPending} data-testid="post-flight-track-import">
                {t('track.import')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('track.formats')}
          </Text>
        </Group>
      ) : null}
      {importTrack.isPending ? (
        <Progress value={progress * 100} aria-label={t('track.sending')} data-testid="post-flight-track-progress" />
      ) : null}
      {importTrack.isError ? (
        <Alert color="red" role="alert" data-testid="post-flight-track-error">
          {errorMessageOf(importTrack.error)}
        </Alert>
      ) : null}
      {importTrack.isSuccess ? <ImportedTrack result={importTrack.data} /> : null}
      {hasTrack ? (
        <Group gap="xs">
          <Text size="sm">{t('track.download')}</Text>
          {TRACK_EXPORT_FORMATS.map((format) => (
            <Button
              key={format}
              size="compact-sm"
              variant="default"
              onClick={() => void downloadTrack(diary.missionId, format, fileName)}
              data-testid={`post-flight-track-export-${format}`}
            >
              {t(`track.exportFormats.${format}`)}
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
