import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateTimeInput } from '@/components/ui/date-fields';
import { EmptyListState, LoadingState } from '@/components/ui/list-states';
import { formatLocale } from '@/lib/format';
import type { Activation } from '@/shared/contracts/activations';
import { useActivationMutations, useRequestActivations, type SlotAction } from '../api/activations';
import { countdown, isoOfLocal, localOfIso } from '../lib/countdown';

function Countdown({ label, target, now, testId }: { label: string; target: string; now: Date; testId: string }) {
  const { t, i18n } = useTranslation('activations');
  const left = countdown(new Date(target), now);
  return (
    <Text size="sm" data-testid={testId}>
      {t('countdown.at', { label, date: new Date(target).toLocaleString(formatLocale(i18n.language)) })} —{' '}
      {left.passed ? t('countdown.passed') : t('countdown.left', { days: left.days, hours: left.hours, minutes: left.minutes })}
    </Text>
  );
}

const CONFIRMED: SlotAction[] = ['remove', 'cancel', 'reject', 'archive'];

/** The activations (flight slots) of a request, for its operator (file, change, submit) or its manager (answer). */
export function RequestActivations({ requestId, role }: { requestId: string; role: 'operator' | 'manager' }) {
  const { t, i18n } = useTranslation('activations');
  const query = useRequestActivations(requestId);
  const { file, edit, act } = useActivationMutations(requestId);
  const [now, setNow] = useState(() => new Date());
  // Started once: restarting it on each render (typing a date) would hold the countdowns back.
  useInterval(() => setNow(new Date()), 30_000, { autoInvoke: true });
  const [startAt, setStartAt] = useState('');
  const [endAt, setEndAt] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [pending, setPending] = useState<{ activation: Activation; action: SlotAction } | null>(null);
  const [reason, setReason] = useState('');

  if (query.isPending) return <LoadingState />;
  if (query.isError || !query.data) return <Alert color="red">{t('loadFailed')}</Alert>;
  const view = query.data;
  if (!view.required) return <Text c="dimmed">{t('notRequired')}</Text>;

  const slot = { startAt: isoOfLocal(startAt), endAt: isoOfLocal(endAt) };
  const ready = slot.startAt !== null && slot.endAt !== null;
  const save = () => {
    if (!slot.startAt || !slot.endAt) return;
    const body = { startAt: slot.startAt, endAt: slot.endAt };
    const done = () => {
      setStartAt('');
      setEndAt('');
      setEditing(null);
    };
    if (editing) edit.mutate({ id: editing, slot: body }, { onSuccess: done });
    else file.mutate(body, { onSuccess: done });
  };
  const confirm = () => {
    if (!pending) return;
    act.mutate(
      { id: pending.activation.id, action: pending.action, reason: reason.trim() || undefined },
      { onSettled: () => setPending(null) },
    );
    setReason('');
  };
  const dismiss = () => {
    setPending(null);
    setReason('');
  };
  const run = (activation: Activation, action: SlotAction) => {
    if (CONFIRMED.includes(action)) setPending({ activation, action });
    else act.mutate({ id: activation.id, action });
  };

  return (
    <Stack gap="sm" data-testid="request-activations">
      <Stack gap={2}>
        <Text size="sm">
          {t('window', {
            min: new Date(view.window.minDate).toLocaleString(formatLocale(i18n.language)),
            max: new Date(view.window.maxDate).toLocaleString(formatLocale(i18n.language)),
          })}
        </Text>
        {view.maxDurationHours !== null && <Text size="sm">{t('maxDuration', { hours: view.maxDurationHours })}</Text>}
        {role === 'operator' && <Countdown label={t('fileBy')} target={view.window.fileBy} now={now} testId="activations-file-by" />}
        {!view.window.open && view.window.opensAt && new Date(view.window.opensAt) > now && (
          <Countdown label={t('opensAt')} target={view.window.opensAt} now={now} testId="activations-opens-at" />
        )}
      </Stack>
      {view.activations.length === 0 ? (
        <EmptyListState label={t('empty')} />
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.start')}</Table.Th>
              <Table.Th>{t('columns.end')}</Table.Th>
              <Table.Th>{t('columns.status')}</Table.Th>
              <Table.Th>{t('columns.deadline')}</Table.Th>
              <Table.Th>{t('columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.activations.map((activation) => (
              <Table.Tr key={activation.id} data-testid="activation-row">
                <Table.Td>{new Date(activation.startAt).toLocaleString(formatLocale(i18n.language))}</Table.Td>
                <Table.Td>{new Date(activation.endAt).toLocaleString(formatLocale(i18n.language))}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{t(`status.${activation.status}`)}</Badge>
                  {activation.rejectionReason && <Text size="xs">{activation.rejectionReason}</Text>}
                </Table.Td>
                <Table.Td>
                  {activation.autoRejectAt && (
                    <Countdown label={t('autoRejectAt')} target={activation.autoRejectAt} now={now} testId="activation-auto-reject" />
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {activation.allowedActions.map((action) =>
                      action === 'edit' ? (
                        <Button
                          key={action}
                          size="xs"
                          variant="default"
                          onClick={() => {
                            setEditing(activation.id);
                            setStartAt(localOfIso(activation.startAt));
                            setEndAt(localOfIso(activation.endAt));
                          }}
                        >
                          {t('actions.edit')}
                        </Button>
                      ) : action === 'autoReject' ? null : (
                        <Button
                          key={action}
                          size="xs"
                          variant={action === 'accept' || action === 'submit' ? 'filled' : 'default'}
                          onClick={() => run(activation, action)}
                        >
                          {t(`actions.${action}`)}
                        </Button>
                      ),
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {role === 'operator' && (view.canFile || editing) && (
        <Group align="end">
          <DateTimeInput label={t('columns.start')} value={startAt} onChange={setStartAt} />
          <DateTimeInput label={t('columns.end')} value={endAt} onChange={setEndAt} />
          <Button onClick={save} disabled={!ready} loading={file.isPending || edit.isPending}>
            {editing ? t('actions.saveChange') : t('actions.file')}
          </Button>
          {editing && (
            <Button variant="subtle" onClick={() => setEditing(null)}>
              {t('actions.cancelEdit')}
            </Button>
          )}
        </Group>
      )}
      <ConfirmDialog
        opened={pending !== null && pending.action !== 'reject'}
        title={pending ? t(`confirm.${pending.action}.title`) : ''}
        message={pending ? t(`confirm.${pending.action}.message`) : ''}
        confirmLabel={pending ? t(`actions.${pending.action}`) : ''}
        cancelLabel={t('actions.back')}
        loading={act.isPending}
        onCancel={dismiss}
        onConfirm={confirm}
      />
      <Modal opened={pending?.action === 'reject'} onClose={dismiss} title={t('confirm.reject.title')}>
        <Stack>
          <Textarea label={t('reason')} value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss}>
              {t('actions.back')}
            </Button>
            <Button color="red" onClick={confirm} loading={act.isPending}>
              {t('actions.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
