import { useState } from 'react';
import { Anchor, Button, CloseButton, Group, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { showToast } from '@/lib/toast';
import type { LiveSmsRecipient } from '@/shared/contracts/airspace-live';
import { useFlightCard } from '../api/get-flight-card';
import { useFlightSms, useOperatorMessage } from '../api/post-flight-contact';
import { STATE_COLORS, type WatchedFlight } from '../watched-flights';

type Action = 'sms' | 'message' | null;

/** The flight's facts against what was granted: height and limit, distance to the edge, time left in the slot. */
function useFlightFacts(flight: WatchedFlight, now: number) {
  const { t } = useTranslation('live');
  const state = flight.conformance;
  // The target's latest position: its conformance state is sent again when it changes, not with each position.
  const height = flight.target.alt;
  const limit = state?.maxHeightM ?? flight.volume?.maxHeightM ?? null;
  const slotEnd = state?.slotEndsAt ?? flight.volume?.endAt ?? null;
  const unknown = t('target.unknown');
  return {
    height: `${height === null ? unknown : `${Math.round(height)} m`} / ${limit === null ? unknown : `${Math.round(limit)} m`}`,
    edge: state?.edgeDistanceM === null || state === null ? unknown : `${Math.round(state.edgeDistanceM)} m`,
    left: slotEnd === null ? unknown : t('airspace.minutes', { count: Math.max(0, Math.round((Date.parse(slotEnd) - now) / 60_000)) }),
  };
}

/** A flight's card on the manager's live map: who flies what under which request, and how to reach them. */
export function FlightCard({ flight, onClose }: { flight: WatchedFlight; onClose: () => void }) {
  const { t } = useTranslation('live');
  const missionId = flight.conformance?.missionId ?? flight.target.missionId;
  const [now] = useState(() => Date.now());
  const facts = useFlightFacts(flight, now);
  return (
    <Paper
      withBorder
      p="xs"
      data-testid="flight-card"
      data-key={flight.key}
      style={{ borderLeft: `4px solid ${STATE_COLORS[flight.state]}` }}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{flight.caption}</Text>
          <CloseButton size="sm" onClick={onClose} aria-label={t('target.close')} />
        </Group>
        <Text size="xs" data-testid="flight-card-state">
          {t(`airspace.states.${flight.state}`)}
        </Text>
        <Text size="xs" data-testid="flight-card-facts">
          {t('airspace.facts', facts)}
        </Text>
        {missionId ? <MissionDetails missionId={missionId} /> : <Text size="xs">{t('airspace.noMission')}</Text>}
      </Stack>
    </Paper>
  );
}

function MissionDetails({ missionId }: { missionId: string }) {
  const { t } = useTranslation('live');
  const card = useFlightCard(missionId);
  const canSms = useCan('SEND_SMS');
  const [action, setAction] = useState<Action>(null);
  if (card.isPending) return <Text size="xs">{t('spots.loading')}</Text>;
  if (card.isError)
    return (
      <Text size="xs" c="red" role="alert">
        {t('airspace.cardFailed')}
      </Text>
    );
  const { operator, pilots, machines, requests } = card.data;
  const phones = [
    ...pilots.flatMap((pilot) => (pilot.phone ? [{ label: t('airspace.callPilot', { name: pilot.name }), phone: pilot.phone }] : [])),
    ...(operator.phone ? [{ label: t('airspace.callOperator', { name: operator.name }), phone: operator.phone }] : []),
  ];
  return (
    <Stack gap={4}>
      <Text size="xs">{t('airspace.operator', { name: [operator.name, operator.company].filter(Boolean).join(' · ') })}</Text>
      <Text size="xs">{t('airspace.pilots', { names: pilots.map((pilot) => pilot.name).join(', ') || t('target.unknown') })}</Text>
      <Text size="xs">
        {t('airspace.machines', {
          names:
            machines.map((machine) => [machine.name, machine.model, machine.serialNumber].filter(Boolean).join(' · ')).join(', ') ||
            t('target.unknown'),
        })}
      </Text>
      {requests.map((request) => (
        <Anchor key={request.id} component={Link} to={paths.procedureEdit.getHref(request.id)} size="xs" data-testid="flight-card-request">
          {request.referenceNumber} · {request.airspaceName}
        </Anchor>
      ))}
      <Group gap={4}>
        {phones.map((entry) => (
          <Button
            key={entry.label}
            component="a"
            href={`tel:${entry.phone.replace(/\s+/g, '')}`}
            size="compact-xs"
            variant="light"
            data-testid="flight-card-call"
          >
            {entry.label}
          </Button>
        ))}
        {canSms ? (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => setAction(action === 'sms' ? null : 'sms')}
            aria-expanded={action === 'sms'}
            data-testid="flight-card-sms"
          >
            {t('airspace.sms')}
          </Button>
        ) : null}
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => setAction(action === 'message' ? null : 'message')}
          aria-expanded={action === 'message'}
          data-testid="flight-card-message"
        >
          {t('airspace.message')}
        </Button>
      </Group>
      {action ? <ContactForm missionId={missionId} action={action} onDone={() => setAction(null)} /> : null}
    </Stack>
  );
}

function ContactForm({ missionId, action, onDone }: { missionId: string; action: 'sms' | 'message'; onDone: () => void }) {
  const { t } = useTranslation('live');
  const [to, setTo] = useState<LiveSmsRecipient>('pilot');
  const [body, setBody] = useState('');
  const sms = useFlightSms(missionId);
  const message = useOperatorMessage(missionId);
  const pending = sms.isPending || message.isPending;
  const text = body.trim();

  const send = async () => {
    if (action === 'sms') {
      await sms.mutateAsync({ to, body: text });
      showToast({ color: 'teal', message: t('airspace.smsSent'), 'data-testid': 'flight-sms-sent' });
    } else {
      const result = await message.mutateAsync(text);
      showToast({ color: 'teal', message: t(`airspace.messageSent.${result.channel}`), 'data-testid': 'flight-message-sent' });
    }
    onDone();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (text) send().catch(() => undefined);
      }}
      data-testid="flight-contact-form"
    >
      <Stack gap={4}>
        {action === 'sms' ? (
          <SegmentedControl
            size="xs"
            value={to}
            onChange={(value) => setTo(value as LiveSmsRecipient)}
            data={[
              { value: 'pilot', label: t('airspace.toPilot') },
              { value: 'operator', label: t('airspace.toOperator') },
            ]}
          />
        ) : null}
        <Textarea
          size="xs"
          label={action === 'sms' ? t('airspace.smsLabel') : t('airspace.messageLabel')}
          autosize
          minRows={2}
          maxLength={action === 'sms' ? 300 : 500}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          data-autofocus
          data-testid="flight-contact-body"
        />
        <Group justify="flex-end" gap={4}>
          <Button size="compact-xs" variant="default" onClick={onDone}>
            {t('command.cancel')}
          </Button>
          <Button size="compact-xs" type="submit" loading={pending} disabled={!text} data-testid="flight-contact-send">
            {t('command.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
