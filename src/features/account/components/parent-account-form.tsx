import { Button, Fieldset, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, contractResolver, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { parentAccountUpdateSchema, type Account } from '@/shared/contracts/auth';
import { useUpdateParentAccount } from '../api/parent-account';

const FIELDS = ['companyName', 'phoneNumber', 'addressLine1', 'addressLine2', 'addressLine3', 'postalCode', 'city', 'country'] as const;
type ParentAccountFormValues = Record<(typeof FIELDS)[number], string>;

const AUTOCOMPLETE: Record<(typeof FIELDS)[number], string> = {
  companyName: 'organization',
  phoneNumber: 'tel',
  addressLine1: 'address-line1',
  addressLine2: 'address-line2',
  addressLine3: 'address-line3',
  postalCode: 'postal-code',
  city: 'address-level2',
  country: 'country-name',
};

const toFormValues = (account: Account) =>
  Object.fromEntries(FIELDS.map((field) => [field, account[field] ?? ''])) as ParentAccountFormValues;

/** Empty inputs clear the field (null), as the PATCH contract expects. */
const toUpdate = (values: ParentAccountFormValues) => Object.fromEntries(FIELDS.map((field) => [field, values[field].trim() || null]));

const resolver = contractResolver(parentAccountUpdateSchema, { toInput: toUpdate });

/** The company and phone of the operator a supervised pilot works for; the rest of that account stays the operator's. */
export function ParentAccountForm({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const errorText = useFieldErrorText();
  const update = useUpdateParentAccount();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm({ resolver, defaultValues: toFormValues(account) });

  const submit = handleSubmit(async (values) => {
    try {
      reset(toFormValues(await update.mutateAsync(values)));
      showToast({ color: 'teal', message: t('parent.saved'), 'data-testid': 'parent-account-saved' });
    } catch (error) {
      applyServerFieldErrors(error, setError, [...FIELDS]);
    }
  });

  const input = (field: (typeof FIELDS)[number]) => (
    <TextInput
      key={field}
      label={t(`fields.${field}`)}
      type={field === 'phoneNumber' ? 'tel' : 'text'}
      autoComplete={AUTOCOMPLETE[field]}
      error={errorText(errors[field]?.message)}
      data-testid={`parent-${field}`}
      {...register(field)}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('parent.title')} data-testid="parent-account-form">
      <Stack>
        <Fieldset legend={t('profile.identity')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{(['companyName', 'phoneNumber'] as const).map(input)}</SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('profile.address')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['addressLine1', 'addressLine2', 'addressLine3', 'postalCode', 'city', 'country'] as const).map(input)}
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!isDirty} data-testid="parent-account-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
