import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, List, Modal, Stack, Table, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/components/ui/list-states';
import { showToast } from '@/lib/toast';
import type { Agreement } from '@/shared/contracts/agreements';
import { AGREEMENT_DEFAULT_VALIDITY_DAYS } from '@/shared/domain/limits';
import { useAgreementAction, type AgreementCall } from '../api/agreement-action';
import { useAgreement } from '../api/get-agreement';
import { AgreementStatusBadge } from './agreement-status-badge';
import { formatLocale } from '@/lib/format';
import { DayInput } from '@/components/ui/date-fields';

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of today plus the default validity, the administrator's starting point. */
function defaultExpiry(now = new Date()) {
  return new Date(now.getTime() + AGREEMENT_DEFAULT_VALIDITY_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The agreement file of one operator: status, expiry, checklist of spec domain §5, operator documents and history.
 * `mode` is the reader: the operator (own file; uploads its documents, asks for validation or renewal) or an
 * administrator (a user's file, given by `userId`; validates with an expiry date or rejects with a reason).
 */
interface AgreementPanelProps {
  mode: 'operator' | 'admin';
  userId?: string;
  /** The operator documents with their upload controls, supplied by the route (features do not import each other). */
  documents: (userId: string, canEdit: boolean) => ReactNode;
}

/** Automatic reasons of the history are codes (document:<kind>, companyInfo); a person's reason is shown as written. */
const AUTOMATIC_REASON = /^(?:document:)?(operationsManual|idDocument|insuranceCertificate|companyInfo)$/;

export function AgreementPanel({ mode, userId, documents }: AgreementPanelProps) {
  const { t, i18n } = useTranslation('agreements');
  const agreement = useAgreement(mode === 'admin' ? userId : undefined);
  const act = useAgreementAction();
  const [validateOpen, setValidateOpen] = useState(false);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [expiresAt, setExpiresAt] = useState(defaultExpiry);
  const [reason, setReason] = useState('');
  const reasonOf = (reason: string | null) => {
    if (!reason) return '–';
    const automatic = AUTOMATIC_REASON.exec(reason);
    return automatic ? t(`history.reasons.${automatic[1]}`) : reason;
  };
  const date = (iso: string) => new Date(iso).toLocaleDateString(formatLocale(i18n.language), { timeZone: 'UTC' });

  if (agreement.isPending) return <LoadingState />;
  if (agreement.isError)
    return (
      <Alert color="red" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  const data: Agreement = agreement.data;

  const run = async (call: AgreementCall, done: string) => {
    try {
      await act.mutateAsync(call);
      showToast({ color: 'teal', message: t(`done.${done}`), 'data-testid': 'agreement-done' });
      return true;
    } catch {
      // The api client has shown the error toast.
      return false;
    }
  };

  return (
    <Stack data-testid="agreement-panel">
      <Card withBorder>
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Text fw={600}>{data.companyName ?? data.name}</Text>
            <Text size="sm" c="dimmed">
              {data.name} · {data.email}
            </Text>
          </Stack>
          <Group>
            <AgreementStatusBadge status={data.status} />
            {data.expiresAt && (
              <Text size="sm" data-testid="agreement-expiry">
                {t('expiresOn', { date: date(data.expiresAt) })}
              </Text>
            )}
          </Group>
        </Group>
        {data.adminMessage && (
          <Alert color="red" mt="sm" title={t('rejectionReason')} data-testid="agreement-admin-message">
            {data.adminMessage}
          </Alert>
        )}
        <Text size="sm" mt="sm">
          {t(`explain.${data.status}`)}
        </Text>
      </Card>

      <Card withBorder>
        <Title order={3} size="h4" mb="sm">
          {t('checklistTitle')}
        </Title>
        <List spacing={4} data-testid="agreement-checklist" data-complete={data.complete}>
          {data.checklist.map(({ item, done }) => (
            <List.Item
              key={item}
              data-testid={`checklist-${item}`}
              data-done={done}
              icon={
                <ThemeIcon size={20} radius="xl" color={done ? 'teal' : 'gray'} aria-hidden>
                  {done ? '✓' : '–'}
                </ThemeIcon>
              }
            >
              {t(`checklist.${item}`)}{' '}
              <Text span size="xs" c={done ? 'teal' : 'dimmed'}>
                ({t(done ? 'present' : 'missing')})
              </Text>
            </List.Item>
          ))}
        </List>
        {mode === 'operator' && !data.complete && (
          <Text size="sm" c="dimmed" mt="sm">
            {t('completeFirst')}
          </Text>
        )}
      </Card>

      <Card withBorder>
        <Title order={3} size="h4" mb="sm">
          {t('documentsTitle')}
        </Title>
        {documents(data.userId, mode === 'operator')}
      </Card>

      <Group>
        {data.actions.includes('request') && (
          <Button
            disabled={!data.complete}
            loading={act.isPending}
            onClick={() => void run({ action: 'request' }, 'request')}
            data-testid="agreement-request"
          >
            {t('actions.request')}
          </Button>
        )}
        {data.actions.includes('renew') && (
          <Button
            disabled={!data.complete}
            loading={act.isPending}
            onClick={() => void run({ action: 'renew' }, 'renew')}
            data-testid="agreement-renew"
          >
            {t('actions.renew')}
          </Button>
        )}
        {mode === 'admin' && userId && data.actions.includes('validate') && (
          <Button color="teal" disabled={!data.complete} onClick={() => setValidateOpen(true)} data-testid="agreement-validate">
            {t('actions.validate')}
          </Button>
        )}
        {mode === 'admin' && userId && data.actions.includes('reject') && (
          <Button color="red" variant="light" onClick={() => setRejectOpen(true)} data-testid="agreement-reject">
            {t('actions.reject')}
          </Button>
        )}
        {mode === 'admin' && userId && data.actions.includes('exempt') && (
          <Button
            variant="default"
            loading={act.isPending}
            onClick={() => void run({ action: 'exempt', userId }, 'exempt')}
            data-testid="agreement-exempt"
          >
            {t('actions.exempt')}
          </Button>
        )}
        {mode === 'admin' && userId && data.actions.includes('require') && (
          <Button
            variant="default"
            loading={act.isPending}
            onClick={() => void run({ action: 'require', userId }, 'require')}
            data-testid="agreement-require"
          >
            {t('actions.require')}
          </Button>
        )}
      </Group>

      <Card withBorder>
        <Title order={3} size="h4" mb="sm">
          {t('historyTitle')}
        </Title>
        {data.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('historyEmpty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table data-testid="agreement-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('history.date')}</Table.Th>
                  <Table.Th>{t('history.change')}</Table.Th>
                  <Table.Th>{t('history.by')}</Table.Th>
                  <Table.Th>{t('history.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.history.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{new Date(entry.createdAt).toLocaleString(formatLocale(i18n.language))}</Table.Td>
                    <Table.Td>
                      {t(`statuses.${entry.fromStatus}`)} → {t(`statuses.${entry.toStatus}`)}
                    </Table.Td>
                    <Table.Td>{entry.actorName ?? t('history.automatic')}</Table.Td>
                    <Table.Td>{reasonOf(entry.reason)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

      {userId && (
        <>
          <Modal opened={validateOpen} onClose={() => setValidateOpen(false)} title={t('validateTitle')}>
            <DayInput label={t('fields.expiresAt')} value={expiresAt} onChange={setExpiresAt} data-testid="agreement-expires-at" required />
            <Text size="xs" c="dimmed" mt={4}>
              {t('defaultValidity', { days: AGREEMENT_DEFAULT_VALIDITY_DAYS })}
            </Text>
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => setValidateOpen(false)}>
                {t('cancel')}
              </Button>
              <Button
                color="teal"
                disabled={!expiresAt}
                loading={act.isPending}
                data-testid="agreement-validate-confirm"
                onClick={() => void run({ action: 'validate', userId, expiresAt }, 'validate').then((ok) => ok && setValidateOpen(false))}
              >
                {t('actions.validate')}
              </Button>
            </Group>
          </Modal>
          <Modal opened={rejectOpen} onClose={() => setRejectOpen(false)} title={t('rejectTitle')}>
            <Textarea
              label={t('fields.reason')}
              required

              rows={3}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              data-testid="agreement-reject-reason"
            />
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => setRejectOpen(false)}>
                {t('cancel')}
              </Button>
              <Button
                color="red"
                disabled={!reason.trim()}
                loading={act.isPending}
                data-testid="agreement-reject-confirm"
                onClick={() =>
                  void run({ action: 'reject', userId, reason: reason.trim() }, 'reject').then((ok) => ok && setRejectOpen(false))
                }
              >
                {t('actions.reject')}
              </Button>
            </Group>
          </Modal>
        </>
      )}
    </Stack>
  );
}
