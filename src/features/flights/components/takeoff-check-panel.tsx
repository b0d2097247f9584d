import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import type { TakeoffCheckItem, TakeoffCheckLevel } from '@/shared/contracts/takeoff-check';
import { useTakeoffCheck } from '../api/get-takeoff-check';

const LEVEL_COLORS: Record<TakeoffCheckLevel, string> = { ok: 'teal', info: 'gray', warning: 'yellow', blocking: 'red' };

export interface TakeoffCheckPanelProps {
  missionId: string;
  opened: boolean;
  onClose: () => void;
  /** Take off, with the reason given for the warnings when there are some. */
  onTakeOff: (reason?: string) => void;
}

function ItemLine({ item }: { item: TakeoffCheckItem }) {
  const { t } = useTranslation(['flights', 'pilots']);
  const params = { ...item.params, skillTypeName: item.params.skillType ? t(`pilots:skillTypes.${item.params.skillType}`) : '' };
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      data-testid="takeoff-check-item"
      data-item={item.item}
      data-level={item.level}
      data-code={item.code ?? undefined}
    >
      <Badge color={LEVEL_COLORS[item.level]} variant="light" miw={88} style={{ flexShrink: 0 }}>
        {t(`check.levels.${item.level}`)}
      </Badge>
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {t(`check.items.${item.item}`, item.params)}
        </Text>
        <Text size="sm">{item.code ? t(`check.codes.${item.code}`, params) : t(`check.ok.${item.item}`, params)}</Text>
      </Stack>
    </Group>
  );
}

/**
 * The go/no-go panel before take-off (docs/flight.md "Go/no-go"): every item the server checks, a blocked take-off
 * said as such, and the reason asked for going past warnings. The server decides the same way when the take-off comes.
 */
export function TakeoffCheckPanel({ missionId, opened, onClose, onTakeOff }: TakeoffCheckPanelProps) {
  const { t } = useTranslation('flights');
  const phone = useMediaQuery('(max-width: 48em)');
  const check = useTakeoffCheck(missionId, opened);
  const [reason, setReason] = useState('');
  const verdict = check.data;
  const ready = verdict && !verdict.blocked && (!verdict.needsReason || reason.trim() !== '');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('check.title')}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('check.close') }}
      data-testid="takeoff-check"
      data-state={verdict ? (verdict.blocked ? 'blocked' : verdict.needsReason ? 'warnings' : 'go') : 'loading'}
    >
      {check.isError ? (
        <Alert color="red" role="alert">
          {t('check.loadFailed')}
        </Alert>
      ) : !verdict ? (
        <LoadingIndicator size="sm" label={t('check.loading')} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!ready) return;
            onTakeOff(verdict.needsReason ? reason.trim() : undefined);
            setReason('');
          }}
        >
          <Stack gap="md">
            <Stack gap="sm">
              {verdict.items.map((item, index) => (
                <ItemLine key={`${item.item}-${index}`} item={item} />
              ))}
            </Stack>
            {verdict.blocked ? (
              <Alert color="red" role="alert" data-testid="takeoff-check-blocked">
                {t('check.blocked')}
              </Alert>
            ) : verdict.needsReason ? (
              <Textarea
                label={t('check.reason')}
                description={t('check.reasonHelp')}
                required
                autosize
                minRows={2}
                maxLength={1000}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                data-testid="takeoff-check-reason"
              />
            ) : null}
            <Button
              type="submit"
              size="xl"
              h="auto"
              mih={60}
              py="xs"
              fullWidth
              color="teal"
              disabled={!ready}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
              data-testid="takeoff-check-confirm"
            >
              {verdict.needsReason && !verdict.blocked ? t('check.takeOffAnyway') : t('actions.takeOff')}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
