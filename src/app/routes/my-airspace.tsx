import { useState } from 'react';
import { Alert, Badge, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyListState, LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { useMyAirspaces } from '@/features/airspaces/api/get-my-airspaces';
import { useUpdateMyAirspace } from '@/features/airspaces/api/update-my-airspace';
import { AirspaceForm } from '@/features/airspaces/components/airspace-form';
import { TemporaryRestrictions } from '@/features/airspaces/components/temporary-restrictions';
import type { MyAirspaceInput } from '@/shared/contracts/airspaces';

/** /backoffice/airspace: the manager's own airspace(s), with the fields a manager may change. */
export default function MyAirspaceRoute() {
  const { t } = useTranslation('airspaces');
  const { data: airspaces, isPending, isError } = useMyAirspaces();
  const update = useUpdateMyAirspace();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = airspaces?.find((airspace) => airspace.id === selectedId) ?? airspaces?.[0];

  return (
    <Stack>
      <PageHeader title={t('mine.title')} />
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('mine.loadFailed')}
        </Alert>
      ) : !selected ? (
        <EmptyListState label={t('mine.none')} />
      ) : (
        <>
          {airspaces.length > 1 ? (
            <SegmentedControl
              value={selected.id}
              onChange={setSelectedId}
              data={airspaces.map((airspace) => ({ value: airspace.id, label: airspace.name }))}
              aria-label={t('mine.choose')}
            />
          ) : null}
          <Paper withBorder p="md" data-testid="my-airspace-identity">
            <Group gap="sm">
              <Text fw={600}>{selected.name}</Text>
              <Badge variant="light">{selected.internalCode}</Badge>
              {selected.authorityName ? <Text c="dimmed">{selected.authorityName}</Text> : null}
            </Group>
            <Text size="xs" c="dimmed" mt="xs">
              {t('mine.adminFieldsHint')}
            </Text>
          </Paper>
          <AirspaceForm
            key={selected.id}
            airspace={selected}
            mode="manager"
            saving={update.isPending}
            onSubmit={(body) => update.mutateAsync({ id: selected.id, body: body as MyAirspaceInput })}
            onSaved={() => undefined}
          />
          <TemporaryRestrictions key={`temporary-${selected.id}`} airspace={selected} />
        </>
      )}
    </Stack>
  );
}
