import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { procedureDisplayState, type ProcedureDisplayState, type RequestStatus } from '@/shared/domain/request-status';

const COLORS: Readonly<Record<ProcedureDisplayState, string>> = { inProgress: 'blue', ok: 'teal', ko: 'red', disable: 'gray' };

/** A request's status after its procedure display state (spec shell §4), both in words. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation('requests');
  const state = procedureDisplayState(status);
  return (
    <Badge color={COLORS[state]} variant="light" data-testid="request-status" data-status={status} data-display-state={state}>
      {t(`displayStates.${state}`)} · {t(`statuses.${status}`)}
    </Badge>
  );
}
