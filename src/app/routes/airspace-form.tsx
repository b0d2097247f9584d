import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useCreateAirspace } from '@/features/airspaces/api/create-airspace';
import { useAirspace } from '@/features/airspaces/api/get-airspace';
import { useUpdateAirspace } from '@/features/airspaces/api/update-airspace';
import { AirspaceForm } from '@/features/airspaces/components/airspace-form';
import type { AirspaceInput } from '@/shared/contracts/airspaces';

/** /backoffice/airspaces/add and /backoffice/airspaces/edit/{id}. */
export default function AirspaceFormRoute() {
  const { t } = useTranslation('airspaces');
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: airspace, isPending, isError } = useAirspace(id);
  const create = useCreateAirspace();
  const update = useUpdateAirspace();
  const onSaved = () => void navigate(paths.airspaces.getHref());
  const saving = create.isPending || update.isPending;

  return (
    <Stack>
      <PageHeader title={t(id ? 'editTitle' : 'addTitle')} />
      {!id ? (
        <AirspaceForm mode="admin" saving={saving} onSubmit={(body) => create.mutateAsync(body as AirspaceInput)} onSaved={onSaved} />
      ) : isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('loadOneFailed')}
        </Alert>
      ) : (
        <AirspaceForm
          key={airspace.id}
          airspace={airspace}
          mode="admin"
          saving={saving}
          onSubmit={(body) => update.mutateAsync({ id: airspace.id, body: body as AirspaceInput })}
          onSaved={onSaved}
        />
      )}
    </Stack>
  );
}
