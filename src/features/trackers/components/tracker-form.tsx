import { useState } from 'react';
import { Button, Group, NativeSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Controller, useForm } from 'react-hook-form';
import { FormSwitch } from '@/components/ui/form-switch';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/authorization';
import { applyServerFieldErrors, contractResolver, emptyToNull, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { TRAFFIC_SOURCE_CODES } from '@/shared/contracts/alerts';
import { trackerCreateSchema, type Tracker } from '@/shared/contracts/trackers';
import { VEHICLE_TYPES } from '@/shared/domain/enums';
import { useSaveTracker, useUserChoices } from '../api/trackers';

type TrackerFormValues = {
  ident: string;
  alias: string;
  recorded: boolean;
  relatedUserId: string;
  vehicle: string;
  source: string;
};

const FIELDS = Object.keys(trackerCreateSchema.shape);
const resolver = contractResolver(trackerCreateSchema, { toInput: emptyToNull<TrackerFormValues> });

export function TrackerForm({ tracker, onSaved }: { tracker?: Tracker; onSaved: () => void }) {
  const { t } = useTranslation('trackers');
  const errorText = useFieldErrorText();
  const save = useSaveTracker();
  const canListUsers = useCan('USER_LIST_ADMIN');
  const [userSearch, setUserSearch] = useState('');
  const [debouncedUserSearch] = useDebouncedValue(userSearch, 300);
  const users = useUserChoices(debouncedUserSearch, canListUsers);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: {
      ident: tracker?.ident ?? '',
      alias: tracker?.alias ?? '',
      recorded: tracker?.recorded ?? false,
      relatedUserId: tracker?.relatedUser?.id ?? '',
      vehicle: tracker?.vehicle ?? 'drone',
      source: tracker?.source ?? 'wi',
    },
  });
  const userOptions = new Map((users.data ?? []).map((user) => [user.id, `${user.firstName} ${user.lastName} <${user.email}>`]));
  if (tracker?.relatedUser) {
    const user = tracker.relatedUser;
    userOptions.set(user.id, `${user.firstName} ${user.lastName} <${user.email}>`);
  }

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: tracker?.id, body: input });
      showToast({ color: 'teal', message: t('saved'), 'data-testid': 'tracker-saved' });
      onSaved();
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t(tracker ? 'editTitle' : 'addTitle')} data-testid="tracker-form">
      <Stack maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('fields.ident')} required error={errorText(errors.ident?.message)} {...register('ident')} />
          <TextInput label={t('fields.alias')} error={errorText(errors.alias?.message)} {...register('alias')} />
          <NativeSelect
            label={t('fields.vehicle')}
            error={errorText(errors.vehicle?.message)}
            data={VEHICLE_TYPES.map((value) => ({ value, label: t(`vehicles.${value}`) }))}
            {...register('vehicle')}
          />
          <NativeSelect
            label={t('fields.source')}
            error={errorText(errors.source?.message)}
            data={TRAFFIC_SOURCE_CODES.map((value) => ({ value, label: t(`sources.${value}`) }))}
            {...register('source')}
          />
          <Controller
            control={control}
            name="relatedUserId"
            render={({ field }) => (
              <Select
                label={t('fields.relatedUserId')}
                description={canListUsers ? undefined : t('usersNeedRight')}
                searchable
                clearable
                searchValue={userSearch}
                onSearchChange={setUserSearch}
                filter={({ options }) => options}
                data={[...userOptions].map(([value, label]) => ({ value, label }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={errorText(errors.relatedUserId?.message)}
              />
            )}
          />
        </SimpleGrid>
        <FormSwitch control={control} name="recorded" label={t('fields.recorded')} data-testid="tracker-recorded" />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="tracker-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
