import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingState } from '@/components/ui/list-states';
import { showToast } from '@/lib/toast';
import type { NotificationDetail } from '@/shared/contracts/notifications';
import { NOTIFICATION_TYPES, type NotificationStatus, type NotificationType } from '@/shared/domain/notification';
import { useCreateNotification, useMissionNotifications, useNotificationAction } from '../api/notifications';
import { formatLocale } from '@/lib/format';

const STATUS_COLOR: Record<NotificationStatus, string> = { scheduled: 'blue', sent: 'green', updated: 'teal', canceled: 'gray' };

/** Time left until `target`, refreshed every second ("2 d 04:12:09"). */
function useCountdown(target: string | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!target) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [target]);
  if (!target) return null;
  const left = Math.max(0, new Date(target).getTime() - now);
  const days = Math.floor(left / 86_400_000);
  const clock = new Date(left % 86_400_000).toISOString().slice(11, 19);
  return days > 0 ? `${days} d ${clock}` : clock;
}

function NotificationCard({ missionId, notification }: { missionId: string; notification: NotificationDetail }) {
  const { t, i18n } = useTranslation('notifications');
  const action = useNotificationAction(missionId);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const waiting = notification.status === 'scheduled';
  const opensIn = useCountdown(
    waiting && notification.opensAt && new Date(notification.opensAt) > new Date() ? notification.opensAt : null,
  );
  const closesIn = useCountdown(notification.status === 'canceled' ? null : notification.closesAt);
  const date = (iso: string) => new Date(iso).toLocaleString(formatLocale(i18n.language));
  // The flight day as the authority reads it (a Paris calendar date), in the reader's locale.
  const day = (ymd: string) =>
    new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${ymd}T00:00:00Z`));

  const run = (kind: 'send' | 'update' | 'cancel') =>
    action.mutate(
      { id: notification.id, action: kind },
      {
        onSuccess: () => showToast({ color: 'green', message: t(`done.${kind}`) }),
        onSettled: () => setConfirmCancel(false),
      },
    );

  return (
    <Card withBorder data-testid={`notification-${notification.type}`}>
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t(`type.${notification.type}`)}</Title>
        <Badge color={STATUS_COLOR[notification.status]} data-testid="notification-status">
          {t(`status.${notification.status}`)}
        </Badge>
      </Group>
      <Stack gap={4}>
        <Text size="sm" data-testid="notification-flight">
          {t('flight', { date: day(notification.date), time: notification.time })}
        </Text>
        {notification.armyTimeRange && (
          <Text size="sm" data-testid="notification-army-time-range">
            {t('armyTimeRange', notification.armyTimeRange)}
          </Text>
        )}
        <Text size="sm">
          {notification.opensAt
            ? t('window.between', { opens: date(notification.opensAt), closes: date(notification.closesAt) })
            : t('window.until', { closes: date(notification.closesAt) })}
        </Text>
        {opensIn && <Text size="sm">{t('window.opensIn', { time: opensIn })}</Text>}
        {closesIn && <Text size="sm">{t('window.closesIn', { time: closesIn })}</Text>}
        {notification.sentAt && <Text size="sm">{t('sentAt', { date: date(notification.sentAt) })}</Text>}
        {notification.externalId && <Text size="sm">{t('externalId', { id: notification.externalId })}</Text>}
        {notification.lastError && (
          <Alert color="orange" data-testid="notification-error">
            {t('lastError', { count: notification.attempts, error: notification.lastError })}
          </Alert>
        )}
      </Stack>
      {notification.calls.length > 0 && (
        <List size="sm" mt="xs" aria-label={t('calls')}>
          {notification.calls.map((call) => (
            <List.Item key={`${call.at}-${call.kind}`}>
              {t('call', { date: date(call.at), kind: t(`callKind.${call.kind}`), outcome: t(`outcome.${call.outcome}`) })}
            </List.Item>
          ))}
        </List>
      )}
      <Group mt="sm">
        {notification.allowedActions.includes('send') && (
          <Button size="xs" loading={action.isPending} onClick={() => run('send')}>
            {t('actions.send')}
          </Button>
        )}
        {notification.allowedActions.includes('update') && (
          <Button size="xs" variant="light" loading={action.isPending} onClick={() => run('update')}>
            {t('actions.update')}
          </Button>
        )}
        {notification.allowedActions.includes('cancel') && (
          <Button size="xs" color="red" variant="light" onClick={() => setConfirmCancel(true)}>
            {t('actions.cancel')}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={confirmCancel}
        title={t('confirmCancel.title')}
        message={t('confirmCancel.message', { type: t(`type.${notification.type}`) })}
        confirmLabel={t('confirmCancel.confirm')}
        cancelLabel={t('confirmCancel.keep')}
        loading={action.isPending}
        onConfirm={() => run('cancel')}
        onCancel={() => setConfirmCancel(false)}
      />
    </Card>
  );
}

/** The mission's "notification" tab: which notifications its verdict calls for, their windows, calls and actions. */
export function MissionNotifications({ missionId }: { missionId: string }) {
  const { t } = useTranslation(['notifications', 'common']);
  const query = useMissionNotifications(missionId);
  const create = useCreateNotification(missionId);

  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <Alert color="red" data-testid="notifications-load-failed">
        <Group justify="space-between">
          <Text>{t('loadFailed')}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </Button>
        </Group>
      </Alert>
    );
  const { required, tabsValidated, items } = query.data;
  const active = (type: NotificationType) => items.some((item) => item.type === type && item.status !== 'canceled');

  return (
    <Stack data-testid="mission-notifications">
      {!tabsValidated && (
        <Alert color="yellow" data-testid="notifications-tabs-not-validated">
          {t('tabsNotValidated')}
        </Alert>
      )}
      {tabsValidated && required.length === 0 && <Text data-testid="notifications-none-required">{t('noneRequired')}</Text>}
      {NOTIFICATION_TYPES.filter((type) => required.includes(type) && !active(type)).map((type) => (
        <Group key={type} justify="space-between">
          <Text>{t('required', { type: t(`type.${type}`) })}</Text>
          <Button
            disabled={!tabsValidated}
            loading={create.isPending && create.variables === type}
            onClick={() => create.mutate(type, { onSuccess: () => showToast({ color: 'green', message: t('done.create') }) })}
          >
            {t('actions.create', { type: t(`type.${type}`) })}
          </Button>
        </Group>
      ))}
      {items.map((notification) => (
        <NotificationCard key={notification.id} missionId={missionId} notification={notification} />
      ))}
    </Stack>
  );
}
