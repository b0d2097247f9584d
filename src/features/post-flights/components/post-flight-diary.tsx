import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useCan } from '@/lib/authorization';
import { applyServerFieldErrors, contractResolver, emptyToNull, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { postFlightUpdateSchema, type PostFlight, type PostFlightChange } from '@/shared/contracts/post-flights';
import { ACTIVITY_CODES } from '@/shared/domain/post-flight';
import { useAddPostFlightNote, usePostFlight, useSavePostFlight } from '../api/post-flights';
import { FlightReportMap } from './flight-report-map';
import { TrackFiles } from './track-files';
import { formatLocale } from '@/lib/format';

type DiaryValues = { flightTimeMin: number | string; activity: string; activityOther: string };

const FIELDS = ['flightTimeMin', 'activity', 'activityOther'];
const resolver = contractResolver(postFlightUpdateSchema, { toInput: emptyToNull<DiaryValues> });

function useFormatTime() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function DiaryForm({ diary, canEdit }: { diary: PostFlight; canEdit: boolean }) {
  const { t } = useTranslation('postFlights');
  const errorText = useFieldErrorText();
  const save = useSavePostFlight(diary.missionId);
  const { register, handleSubmit, setError, control, watch, setValue, formState } = useForm({
    resolver,
    values: { flightTimeMin: diary.flightTimeMin ?? '', activity: diary.activity ?? '', activityOther: diary.activityOther ?? '' },
  });
  const activity = watch('activity');
  const { fromFlights, fromTracks } = diary.proposedFlightTimeMin;

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      showToast({ color: 'teal', message: t('saved'), 'data-testid': 'post-flight-saved' });
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('diaryTitle')} data-testid="post-flight-form">
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={control}
              name="flightTimeMin"
              render={({ field }) => (
                <NumberInput
                  label={t('fields.flightTimeMin')}
                  min={0}
                  allowDecimal={false}
                  value={field.value}
                  onChange={field.onChange}
                  error={errorText(formState.errors.flightTimeMin?.message)}
                  data-testid="post-flight-time"
                />
              )}
            />
            <NativeSelect
              label={t('fields.activity')}
              data={[{ value: '', label: t('choose') }, ...ACTIVITY_CODES.map((code) => ({ value: code, label: t(`activities.${code}`) }))]}
              error={errorText(formState.errors.activity?.message)}
              data-testid="post-flight-activity"
              {...register('activity')}
            />
          </SimpleGrid>
          {fromFlights !== null || fromTracks !== null ? (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('proposed')}
              </Text>
              {fromFlights !== null ? (
                <Button size="compact-sm" variant="light" onClick={() => setValue('flightTimeMin', fromFlights, { shouldDirty: true })}>
                  {t('fromFlights', { minutes: fromFlights })}
                </Button>
              ) : null}
              {fromTracks !== null ? (
                <Button size="compact-sm" variant="light" onClick={() => setValue('flightTimeMin', fromTracks, { shouldDirty: true })}>
                  {t('fromTracks', { minutes: fromTracks })}
                </Button>
              ) : null}
            </Group>
          ) : null}
          {activity === 'other' ? (
            <TextInput
              label={t('fields.activityOther')}
              required
              error={errorText(formState.errors.activityOther?.message)}
              data-testid="post-flight-activity-other"
              {...register('activityOther')}
            />
          ) : null}
          {canEdit ? (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!formState.isDirty} data-testid="post-flight-save">
                {t('save')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </fieldset>
    </form>
  );
}

function Notes({ diary, canEdit }: { diary: PostFlight; canEdit: boolean }) {
  const { t } = useTranslation('postFlights');
  const formatTime = useFormatTime();
  const add = useAddPostFlightNote(diary.missionId);
  const [text, setText] = useState('');
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('notesTitle')}
      </Title>
      {diary.notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noNotes')}
        </Text>
      ) : (
        diary.notes.map((note) => (
          <Paper key={note.id} withBorder p="xs" data-testid="post-flight-note">
            <Text size="xs" c="dimmed">
              {t('noteBy', { author: note.authorName, time: formatTime(note.createdAt) })}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {note.text}
            </Text>
          </Paper>
        ))
      )}
      {canEdit ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!text.trim()) return;
            add.mutate(text, { onSuccess: () => setText('') });
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('newNote')}
              autosize
              minRows={2}
              maxLength={2000}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              data-testid="post-flight-new-note"
            />
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={add.isPending} disabled={!text.trim()} data-testid="post-flight-add-note">
                {t('addNote')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}

function History({ diary }: { diary: PostFlight }) {
  const { t } = useTranslation('postFlights');
  // The go/no-go check's warnings a take-off went past, stored as their codes (docs/flight.md "Go/no-go").
  const overridden = (codes: string | number | null) =>
    String(codes ?? '')
      .split(',')
      .map((code) => t(`overridden.${code}`, { defaultValue: code }))
      .join(', ');
  const formatTime = useFormatTime();
  const value = (change: PostFlightChange, side: 'from' | 'to') => {
    const raw = change[side];
    if (raw === null || raw === '') return t('empty');
    if (change.field === 'activity') return t(`activities.${raw}`);
    if (change.field === 'flightTimeMin') return t('minutes', { count: Number(raw) });
    return String(raw);
  };
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('historyTitle')}
      </Title>
      {diary.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noHistory')}
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} data-testid="post-flight-history">
          {diary.history.map((entry) => (
            <Timeline.Item key={entry.id} title={t('changedBy', { author: entry.actorName, time: formatTime(entry.at) })}>
              {entry.changes.map((change) => (
                <Text size="sm" key={change.field} data-testid="post-flight-change">
                  {change.field === 'note'
                    ? t('changes.note')
                    : change.field === 'takeoffOverride'
                      ? t('changes.takeoffOverride', { warnings: overridden(change.from), reason: change.to })
                      : t('changes.field', { field: t(`fields.${change.field}`), from: value(change, 'from'), to: value(change, 'to') })}
                </Text>
              ))}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}

/** The post-flight diary of a mission: flight time, activity, notes and the history of every change. */
export function PostFlightDiary({ missionId }: { missionId: string }) {
  const { t } = useTranslation('postFlights');
  const formatTime = useFormatTime();
  const diary = usePostFlight(missionId);
  const canEdit = useCan(['JOURNEY_EDIT', 'JOURNEY_EDIT_ADMIN']);
  if (diary.isPending) return <LoadingIndicator size="sm" label={t('loading')} />;
  if (diary.isError)
    return (
      <Alert color="red" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  const flown = ['validated', 'onGoing', 'archived'].includes(diary.data.missionStatus);
  return (
    <Stack data-testid="post-flight-diary">
      {!flown ? (
        <Alert color="gray" data-testid="post-flight-not-flown">
          {t('notFlown')}
        </Alert>
      ) : null}
      {diary.data.flights.length ? (
        <Stack gap={2}>
          {diary.data.flights.map((flight) => (
            <Text size="sm" key={flight.takeoffAt}>
              {flight.landedAt
                ? t('flight', { takeoff: formatTime(flight.takeoffAt), landing: formatTime(flight.landedAt) })
                : t('flying', { takeoff: formatTime(flight.takeoffAt) })}
            </Text>
          ))}
        </Stack>
      ) : null}
      {flown ? <FlightReportMap diary={diary.data} /> : null}
      <DiaryForm diary={diary.data} canEdit={canEdit && flown} />
      <TrackFiles diary={diary.data} canEdit={canEdit && flown} />
      <Notes diary={diary.data} canEdit={canEdit && flown} />
      <History diary={diary.data} />
    </Stack>
  );
}
