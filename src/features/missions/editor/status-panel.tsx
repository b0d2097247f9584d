import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import type { MissionDetail } from '@/shared/contracts/missions';
import type { MissionAction } from '@/shared/domain/mission-status';
import { useMissionHistory } from '../api/get-mission';
import { useMissionAction } from '../api/save-mission';
import { formatLocale } from '@/lib/format';

/** The actions of the pre-flight screen; take-off and landing belong to the flight screens. */
const EDITOR_ACTIONS: readonly MissionAction[] = ['sendForValidation', 'validate', 'duplicate', 'archive', 'cancel'];
const CONFIRMED: ReadonlySet<MissionAction> = new Set(['archive', 'cancel']);

/** Status, the actions the status machine allows now, and the history of status changes. */
export function StatusPanel({ mission, dirty }: { mission: MissionDetail; dirty: boolean }) {
  const { t, i18n } = useTranslation('missions');
  const navigate = useNavigate();
  const history = useMissionHistory(mission.id);
  const act = useMissionAction();
  const [asking, setAsking] = useState<MissionAction | null>(null);
  const actions = EDITOR_ACTIONS.filter((action) => mission.allowedActions.includes(action));
  const when = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'short', timeStyle: 'medium' });

  const run = async (action: MissionAction) => {
    try {
      const result = await act.mutateAsync({ id: mission.id, action });
      showToast({ color: 'teal', message: t(`actionDone.${action}`), 'data-testid': 'mission-action-done' });
      if (action === 'duplicate') void navigate(paths.preflightEdit.getHref(result.id));
    } finally {
      // Only the dialog of this action: an action still ending (its lists read again) must not close the next one's.
      setAsking((current) => (current === action ? null : current));
    }
  };

  return (
    <Stack data-testid="status-panel">
      <Group>
        <Text size="sm">{t('status.label')}</Text>
        <Badge size="lg" data-testid="mission-status" data-status={mission.status}>
          {t(`statuses.${mission.status}`)}
        </Badge>
      </Group>
      {dirty && actions.some((action) => action !== 'duplicate') ? (
        <Alert color="yellow" p="xs">
          {t('status.saveFirst')}
        </Alert>
      ) : null}
      <Group gap="xs">
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === 'cancel' ? 'outline' : 'light'}
            color={action === 'cancel' ? 'red' : undefined}
            disabled={dirty && action !== 'duplicate'}
            loading={act.isPending && act.variables?.action === action}
            onClick={() => (CONFIRMED.has(action) ? setAsking(action) : void run(action).catch(() => undefined))}
            data-testid={`action-${action}`}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
      </Group>
      {mission.validationRefused ? (
        <Alert color="yellow" p="xs" role="status" data-testid="validation-refused" data-code={mission.validationRefused}>
          {t(`errors:${mission.validationRefused}`)}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={asking !== null}
        title={asking ? t(`confirm.${asking}.title`) : ''}
        message={asking ? t(`confirm.${asking}.message`, { title: mission.title }) : ''}
        confirmLabel={asking ? t(`actions.${asking}`) : ''}
        cancelLabel={t('confirm.keep')}
        loading={act.isPending}
        onConfirm={() => asking && void run(asking).catch(() => undefined)}
        onCancel={() => setAsking(null)}
      />
      <Title order={5}>{t('history.title')}</Title>
      {history.isPending ? (
        <LoadingIndicator size="sm" label={t('history.loading')} />
      ) : history.isError ? (
        <Alert color="red">{t('history.failed')}</Alert>
      ) : (
        <Table fz="xs" data-testid="mission-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.at')}</Table.Th>
              <Table.Th>{t('history.action')}</Table.Th>
              <Table.Th>{t('history.change')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.map((entry) => (
              <Table.Tr key={entry.id} data-testid="history-entry" data-to={entry.to}>
                <Table.Td>{when.format(new Date(entry.at))}</Table.Td>
                <Table.Td>{t(`historyActions.${entry.action}`, { defaultValue: entry.action })}</Table.Td>
                <Table.Td>
                  {entry.from ? `${t(`statuses.${entry.from}`)} → ` : ''}
                  {t(`statuses.${entry.to}`)}
                  {entry.reason ? ` (${entry.reason})` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
