import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { paths } from '@/config/paths';
import { apiFieldErrors } from '@/lib/api-client';
import { useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { requestCreateSchema, type TouchedAirspace } from '@/shared/contracts/requests';
import { isAccepted, UNDER_ANALYSIS_STATUSES, type RequestStatus } from '@/shared/domain/request-status';
import { useFileRequest, useRequest, useRequests, useTouchedAirspaces } from '../api/requests';
import { RequestConflicts } from './request-conflicts';
import { RequestStatusBadge } from './request-status-badge';
import { formatLocale } from '@/lib/format';

/**
 * The operator's side of a mission: its requests, and filing to each airspace its areas touch after accepting the
 * airspace's general conditions (the mission editor's "flight authorization" tab mounts it).
 */
export function MissionRequests({ missionId }: { missionId: string }) {
  const { t } = useTranslation('requests');
  const airspaces = useTouchedAirspaces(missionId);
  const requests = useRequests({ page: 1, pageSize: 100, sort: 'submittedAt', order: 'desc', missionId });
  const [target, setTarget] = useState<TouchedAirspace | null>(null);

  return (
    <Stack data-testid="mission-requests">
      <Title order={3}>{t('mission.airspaces')}</Title>
      {airspaces.isPending ? (
        <LoadingState />
      ) : airspaces.isError ? (
        <Text c="red" role="alert">
          {t('loadFailed')}
        </Text>
      ) : airspaces.data.length === 0 ? (
        <Text c="dimmed">{t('mission.noAirspace')}</Text>
      ) : (
        <Stack gap="xs">
          {airspaces.data.map((airspace) => (
            <Group key={airspace.id} justify="space-between" data-testid="touched-airspace" data-code={airspace.internalCode}>
              <Text>
                {airspace.name} ({airspace.internalCode})
              </Text>
              <NoticeHint airspace={airspace} />
              {airspace.pendingRequestId ? (
                <Text size="sm" c="dimmed">
                  {t('mission.underAnalysis')}
                </Text>
              ) : (
                <Button size="xs" onClick={() => setTarget(airspace)} data-testid="file-request">
                  {t('mission.file')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <Title order={3}>{t('mission.requests')}</Title>
      {requests.isPending ? (
        <LoadingState />
      ) : requests.isError ? (
        <Text c="red" role="alert">
          {t('loadFailed')}
        </Text>
      ) : requests.data.items.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <Table data-testid="mission-request-table">
          <Table.Tbody>
            {requests.data.items.map((request) => (
              <Table.Tr key={request.id} data-testid="mission-request-row">
                <Table.Td>
                  <Anchor component={Link} to={paths.procedureEdit.getHref(request.id)}>
                    {request.referenceNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td>{request.airspace.name}</Table.Td>
                <Table.Td>
                  <RequestStatusBadge status={request.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {requests.data?.items
        .filter((request) => isAccepted(request.status) || (UNDER_ANALYSIS_STATUSES as readonly RequestStatus[]).includes(request.status))
        .map((request) => (
          <ConflictsOf key={request.id} requestId={request.id} referenceNumber={request.referenceNumber} />
        ))}
      <FileRequestDialog missionId={missionId} airspace={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}

/** A request's conflicts, on the operator's side: shown only when there are some. */
function ConflictsOf({ requestId, referenceNumber }: { requestId: string; referenceNumber: string }) {
  const { t } = useTranslation('requests');
  const detail = useRequest(requestId);
  if (!detail.data || detail.data.conflicts.length === 0) return null;
  return (
    <Alert color="red" title={t('conflicts.ofRequest', { reference: referenceNumber })} data-testid="mission-request-conflicts">
      <RequestConflicts conflicts={detail.data.conflicts} />
    </Alert>
  );
}

/** The airspace's notice and the first start a request may have now; in orange when the mission's start breaks it. */
function NoticeHint({ airspace }: { airspace: TouchedAirspace }) {
  const { t, i18n } = useTranslation('requests');
  if (airspace.minNoticeDays === null && airspace.noticeProblem === null) return null;
  const earliest = airspace.earliestStartAt
    ? new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(airspace.earliestStartAt),
      )
    : '';
  const text =
    airspace.noticeProblem === 'tooLong'
      ? t('mission.notice.tooLong', { count: airspace.maxNoticeDays ?? 0 })
      : t(airspace.noticeProblem === 'tooShort' ? 'mission.notice.tooShort' : 'mission.notice.info', {
          count: airspace.minNoticeDays ?? 0,
          earliest,
        });
  return (
    <Text
      size="sm"
      c={airspace.noticeProblem ? 'orange.9' : 'dimmed'}
      data-testid="notice-hint"
      data-problem={airspace.noticeProblem ?? ''}
    >
      {text}
    </Text>
  );
}

function FileRequestDialog({ missionId, airspace, onClose }: { missionId: string; airspace: TouchedAirspace | null; onClose: () => void }) {
  const { t } = useTranslation('requests');
  const [accepted, setAccepted] = useState(false);
  const [firstMessage, setFirstMessage] = useState('');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const errorText = useFieldErrorText();
  const file = useFileRequest();
  const close = () => {
    setAccepted(false);
    setFirstMessage('');
    setPhone('');
    setPhoneError(null);
    onClose();
  };
  const submit = async () => {
    if (!airspace) return;
    // The phone is checked here with the server's own rule, so a typo is shown on the field, not as a 422 toast.
    const checked = requestCreateSchema.shape.operatorPhone.safeParse(phone.trim() || null);
    if (!checked.success) {
      setPhoneError(checked.error.issues[0]?.message ?? 'validation:phone');
      return;
    }
    setPhoneError(null);
    try {
      const created = await file.mutateAsync({
        missionId,
        airspaceId: airspace.id,
        conditionsAccepted: accepted,
        firstMessage: firstMessage.trim() || null,
        operatorPhone: phone.trim() || null,
      });
      showToast({
        color: 'teal',
        message: t('mission.filed', { reference: created?.referenceNumber ?? '' }),
        'data-testid': 'request-filed',
      });
      close();
    } catch (error) {
      // The api client has shown the error toast (limits, conditions, request under analysis); a field error goes on its field.
      const phoneErrors = apiFieldErrors(error).operatorPhone;
      if (phoneErrors?.length) setPhoneError(phoneErrors[0]!);
    }
  };
  const conditionsLabel = airspace?.legalInformation ? t('mission.legalInformation') : t('mission.generalConditions');
  return (
    <Modal opened={airspace !== null} onClose={close} title={t('mission.fileTitle', { name: airspace?.name ?? '' })} size="lg">
      <Stack data-testid="file-dialog">
        {airspace?.noticeProblem && (
          <Alert title={t('mission.notice.title')} color="orange" data-testid="file-notice-problem">
            <NoticeHint airspace={airspace} />
          </Alert>
        )}
        <Alert title={conditionsLabel} color="blue" data-testid="general-conditions">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{airspace?.generalConditions ?? t('mission.noConditions')}</Text>
        </Alert>
        <Checkbox
          label={airspace?.legalInformation ? t('mission.acceptLegal') : t('mission.accept')}
          checked={accepted}
          onChange={(event) => setAccepted(event.currentTarget.checked)}
          data-testid="accept-conditions"
        />
        <Textarea
          label={t('mission.firstMessage')}
          value={firstMessage}
          onChange={(event) => setFirstMessage(event.currentTarget.value)}
          data-testid="first-message"
        />
        <TextInput
          label={t('mission.phone')}
          type="tel"
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={errorText(phoneError ?? undefined)}
          data-testid="operator-phone"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('cancel')}
          </Button>
          <Button
            onClick={() => void submit()}
            loading={file.isPending}
            disabled={!accepted || !!airspace?.noticeProblem}
            data-testid="file-submit"
          >
            {t('mission.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
