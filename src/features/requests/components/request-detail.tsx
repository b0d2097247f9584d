import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCan } from '@/lib/authorization';
import { showToast } from '@/lib/toast';
import type { RequestDetail as Detail, Restriction } from '@/shared/contracts/requests';
import { MANAGER_ACTIONS, type ManagerAction } from '@/shared/domain/request-status';
import { useRequestAction, useSendSms } from '../api/requests';
import { DecisionDialog } from './decision-dialog';
import { MissionRequests } from './mission-requests';
import { RequestChat } from './request-chat';
import { RequestConflicts } from './request-conflicts';
import { centerOf, RequestMap } from './request-map';
import { RequestStatusBadge } from './request-status-badge';
import { formatLocale } from '@/lib/format';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder data-testid={testId}>
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function RestrictionText({ restriction }: { restriction: Restriction }) {
  const { t, i18n } = useTranslation('requests');
  const dateTime = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  switch (restriction.kind) {
    case 'maxHeight':
      return <>{t('restrictions.show.maxHeight', { value: restriction.maxHeightM })}</>;
    case 'reducedArea':
      return <>{t('restrictions.show.reducedArea')}</>;
    case 'timeSlot':
      return (
        <>
          {t('restrictions.show.timeSlot', {
            from: dateTime.format(new Date(restriction.startAt)),
            to: dateTime.format(new Date(restriction.endAt)),
          })}
        </>
      );
    case 'callBeforeAfter':
      return (
        <>
          {restriction.phone
            ? t('restrictions.show.callBeforeAfterPhone', { phone: restriction.phone })
            : t('restrictions.show.callBeforeAfter')}
        </>
      );
    case 'observerRequired':
      return <>{t('restrictions.show.observerRequired')}</>;
    case 'text':
      return <>{restriction.text}</>;
  }
}

/**
 * Both sides' view of one request: decision, restrictions, mission sheet and map, space, history, chat. The route
 * passes the activations section (another feature) in.
 */
export function RequestDetail({ request, activations }: { request: Detail; activations: ReactNode }) {
  const { t, i18n } = useTranslation('requests');
  const canDecide = useCan('PREFLIGHTPROCEDURE_EDIT') && request.viewer === 'manager';
  const canWrite = useCan(request.viewer === 'manager' ? 'PREFLIGHTPROCEDURE_EDIT' : 'PREFLIGHT_EDIT');
  const canSms = useCan('SEND_SMS') && request.viewer === 'manager';
  const [action, setAction] = useState<ManagerAction | null>(null);
  const [sms, setSms] = useState('');
  const act = useRequestAction();
  const sendSms = useSendSms();
  const dateTime = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  const snapshot = request.missionSnapshot;
  const actions = MANAGER_ACTIONS.filter((each) => request.allowedActions.includes(each));
  const confirmOnly = action === 'cancelDecision' || action === 'archive';

  const decide = async (body: Parameters<typeof act.mutateAsync>[0]['body']) => {
    if (!action) return;
    try {
      await act.mutateAsync({ id: request.id, action, body });
      showToast({ color: 'teal', message: t('decision.saved'), 'data-testid': 'decision-saved' });
      setAction(null);
    } catch {
      // The api client has shown the error toast.
    }
  };
  const onSms = async () => {
    try {
      await sendSms.mutateAsync({ id: request.id, body: sms.trim() });
      setSms('');
      showToast({ color: 'teal', message: t('sms.sent'), 'data-testid': 'sms-sent' });
    } catch {
      // The api client has shown the error toast (no registered terminal, provider failure).
    }
  };

  return (
    <Stack data-testid="request-detail" data-status={request.status}>
      <Group justify="space-between">
        <Group>
          <Title order={2} size="h3" data-testid="request-reference">
            {request.referenceNumber}
          </Title>
          <RequestStatusBadge status={request.status} />
          {request.impactLevel && <Badge variant="outline">{t(`impact.${request.impactLevel}`)}</Badge>}
        </Group>
        {canDecide && actions.length > 0 && (
          <Group gap="xs" role="toolbar" aria-label={t('decision.title')}>
            {actions.map((each) => (
              <Button
                key={each}
                size="xs"
                variant={each === 'accept' ? 'filled' : 'default'}
                color={each === 'reject' ? 'red' : undefined}
                onClick={() => setAction(each)}
                data-testid={`action-${each}`}
              >
                {t(`actions.${each}`)}
              </Button>
            ))}
          </Group>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('decision.title')} testId="request-decision">
          <Stack gap={4}>
            <Text>{t('decision.airspace', { name: request.airspace.name })}</Text>
            <Text>{t('decision.submittedAt', { date: dateTime.format(new Date(request.submittedAt)) })}</Text>
            {request.autoRejectAt && (
              <Text data-testid="auto-reject-at">
                {t('decision.autoRejectAt', { date: dateTime.format(new Date(request.autoRejectAt)) })}
              </Text>
            )}
            {request.decidedAt && (
              <Text>
                {request.automationRule
                  ? t('decision.byRule', { rule: request.automationRule.title, version: request.automationRule.version })
                  : request.decidedBy
                    ? t('decision.by', { name: `${request.decidedBy.firstName} ${request.decidedBy.lastName}` })
                    : t('decision.byPlatform')}{' '}
                · {dateTime.format(new Date(request.decidedAt))}
              </Text>
            )}
            {request.rejectionReason && (
              <Alert color="red" title={t('decision.reason')} data-testid="rejection-reason">
                {request.rejectionReason}
              </Alert>
            )}
            <Text data-testid="call-control">{request.callControl ? t('fields.callControlOn') : t('fields.callControlOff')}</Text>
            <Text data-testid="operator-phone-info">
              {request.operatorPhone ? t('fields.operatorPhone', { phone: request.operatorPhone }) : t('fields.noOperatorPhone')}
            </Text>
          </Stack>
        </Section>
        <Section title={t('restrictions.title')} testId="request-restrictions">
          {request.restrictions.length === 0 ? (
            <Text c="dimmed">{t('restrictions.none')}</Text>
          ) : (
            <List>
              {request.restrictions.map((restriction, index) => (
                <List.Item key={index} data-testid="restriction" data-kind={restriction.kind}>
                  <RestrictionText restriction={restriction} />
                </List.Item>
              ))}
            </List>
          )}
        </Section>
      </SimpleGrid>

      <Section title={t('map.title')}>
        <RequestMap request={request} />
        <Text size="xs" c="dimmed" mt={4}>
          {t('map.legend')}
        </Text>
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('sheet.title')} testId="mission-sheet">
          <Stack gap={2}>
            <Text fw={600}>{snapshot.title}</Text>
            <Text>
              {dateTime.format(new Date(snapshot.startAt))} – {dateTime.format(new Date(snapshot.endAt))}
            </Text>
            <Text>{t('sheet.height', { value: snapshot.maxHeightM ?? '–' })}</Text>
            {snapshot.minHeightM != null && <Text>{t('sheet.minHeight', { value: snapshot.minHeightM })}</Text>}
            <Text>{t('sheet.area', { value: snapshot.areaKm2.toFixed(3), count: snapshot.areas.coordinates.length })}</Text>
            <Text>{t('sheet.extent', { value: snapshot.extentKm.toFixed(2) })}</Text>
            <Text>
              {t('sheet.machine', {
                value: snapshot.mainMachine ? `${snapshot.mainMachine.internalName} (${snapshot.mainMachine.serialNumber})` : '–',
              })}
            </Text>
            <Text>
              {t('sheet.pilot', {
                value: snapshot.referentPilot ? `${snapshot.referentPilot.firstName} ${snapshot.referentPilot.lastName}` : '–',
              })}
            </Text>
            <Text>
              {t('sheet.operator', {
                value: request.operator.companyName ?? `${request.operator.firstName} ${request.operator.lastName}`,
              })}
            </Text>
          </Stack>
        </Section>
        <Section title={t('space.title')} testId="space-information">
          <Stack gap={4}>
            {(['description', 'generalConditions', 'permanentConditions'] as const).map(
              (field) =>
                request.space[field] && (
                  <div key={field} data-testid={`space-${field}`}>
                    <Text fw={600} size="sm">
                      {t(`space.${field}`)}
                    </Text>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{request.space[field]}</Text>
                  </div>
                ),
            )}
            {request.space.news && (
              <Alert color="yellow" title={t('space.news')}>
                {request.space.news}
              </Alert>
            )}
            <Text data-testid="twr-phone">
              {request.space.twrPhoneNumber ? t('space.twr', { phone: request.space.twrPhoneNumber }) : t('space.noTwr')}
            </Text>
          </Stack>
        </Section>
      </SimpleGrid>

      <Section title={t('conflicts.title')} testId="request-conflicts">
        <RequestConflicts conflicts={request.conflicts} />
      </Section>

      <Section title={t('active.title')} testId="active-missions">
        {request.activeMissions.length === 0 ? (
          <Text c="dimmed">{t('active.none')}</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {request.activeMissions.map((mission) => (
                <Table.Tr key={mission.requestId}>
                  <Table.Td>{mission.referenceNumber}</Table.Td>
                  <Table.Td>{mission.missionTitle}</Table.Td>
                  <Table.Td>
                    {dateTime.format(new Date(mission.startAt))} – {dateTime.format(new Date(mission.endAt))}
                  </Table.Td>
                  <Table.Td>
                    <RequestStatusBadge status={mission.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>

      <Section title={t('activations.title')} testId="request-activations-slot">
        {activations}
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('chat.title')}>
          <RequestChat request={request} canWrite={canWrite} />
          {canSms && (
            <Group align="flex-end" mt="sm">
              <Textarea
                style={{ flex: 1 }}
                label={request.operatorPhone ? t('sms.labelTo', { phone: request.operatorPhone }) : t('sms.label')}
                value={sms}
                onChange={(event) => setSms(event.currentTarget.value)}
                data-testid="sms-input"
              />
              <Button
                variant="default"
                onClick={() => void onSms()}
                disabled={!sms.trim()}
                loading={sendSms.isPending}
                data-testid="sms-send"
              >
                {t('sms.send')}
              </Button>
            </Group>
          )}
        </Section>
        <Section title={t('history.title')} testId="request-history">
          <List spacing={4}>
            {request.events.map((event) => (
              <List.Item
                key={event.id}
                data-testid="history-entry"
                data-action={event.action}
                data-from={event.from ?? ''}
                data-to={event.to}
              >
                <Text size="sm">
                  {/* What was done, then the status it moved from and to; the filing has no "from" and its action says it. */}
                  {dateTime.format(new Date(event.at))} · {t(`history.actions.${event.action}`, { defaultValue: event.action })} ·{' '}
                  {event.from ? `${t(`statuses.${event.from}`)} → ${t(`statuses.${event.to}`)} · ` : ''}
                  {event.actor ? `${event.actor.firstName} ${event.actor.lastName}` : t('decision.byPlatform')}
                </Text>
                {event.reason && (
                  <Text size="xs" c="dimmed">
                    {event.reason}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        </Section>
      </SimpleGrid>

      {request.viewer === 'operator' && <MissionRequests missionId={request.missionId} />}

      {confirmOnly ? (
        <ConfirmDialog
          opened
          title={t(`actions.${action}`)}
          message={t(`confirm.${action}`)}
          confirmLabel={t(`actions.${action}`)}
          cancelLabel={t('cancel')}
          loading={act.isPending}
          onConfirm={() => void decide({})}
          onCancel={() => setAction(null)}
        />
      ) : (
        <DecisionDialog
          key={action ?? 'none'}
          action={action}
          mission={snapshot}
          center={centerOf(request)}
          conflicts={request.conflicts.length}
          loading={act.isPending}
          onCancel={() => setAction(null)}
          onConfirm={(body) => void decide(body)}
        />
      )}
    </Stack>
  );
}
