import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, contractResolver, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { deviceRegisterSchema, type Device, type DeviceRegister } from '@/shared/contracts/devices';
import { useSaveDevice } from '../api/devices';

const resolver = contractResolver(deviceRegisterSchema, { toInput: (values: DeviceRegister) => values });

/**
 * The device form of spec domain §3 (its one field, the identifier): adding registers a terminal of the signed-in
 * user; editing changes the identifier of the one given, whose owner stays.
 */
export function DeviceForm({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const errorText = useFieldErrorText();
  const save = useSaveDevice();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeviceRegister>({ resolver, defaultValues: { appIdentifier: device?.appIdentifier ?? '' } });

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: device?.id, body });
      showToast({ color: 'teal', message: t(device ? 'saved' : 'added'), 'data-testid': 'device-saved' });
      onClose();
    } catch (error) {
      // A refusal without a field (DEVICE_TAKEN) is told by the API client's error toast.
      applyServerFieldErrors(error, setError, ['appIdentifier']);
    }
  });

  return (
    <Modal opened onClose={onClose} title={t(device ? 'editTitle' : 'addTitle')}>
      <form onSubmit={submit} noValidate data-testid="device-form">
        <Stack>
          {!device && <Alert color="blue">{t('addHint')}</Alert>}
          <TextInput
            label={t('fields.appIdentifier')}
            description={t('identifierHint')}
            required
            {...register('appIdentifier')}
            error={errorText(errors.appIdentifier?.message)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="device-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
