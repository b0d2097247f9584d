import { ActionIcon, Button, Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useFieldArray, useForm } from 'react-hook-form';
import { FormSwitch } from '@/components/ui/form-switch';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, contractResolver, useFieldErrorText } from '@/lib/forms';
import { useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { accountUpdateSchema, type Account } from '@/shared/contracts/auth';
import { CIVILITIES, HOMEPAGES, LANGUAGES, type Homepage, type Language } from '@/shared/domain/enums';
import { useUpdateAccount } from '../api/update-account';
import { DayField } from '@/components/ui/date-fields';

interface AccountFormValues {
  civility: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  dateOfBirth: string;
  companyName: string;
  addressLine1: string;
  addressLine2: string;
  addressLine3: string;
  postalCode: string;
  city: string;
  country: string;
  homepage: Homepage;
  newsletter: boolean;
  lang: Language;
  doubleFactorEnabled: boolean;
  /** Only on an operator's own account: a supervised pilot's form does not send it (the server refuses it). */
  secondPersonValidation?: boolean;
  externalIdentifiers: { type: string; value: string }[];
}

const NULLABLE_TEXT = [
  'civility',
  'phoneNumber',
  'dateOfBirth',
  'companyName',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'postalCode',
  'city',
  'country',
] as const;

const FIELDS = Object.keys(accountUpdateSchema.shape);

/** Types the server knows how to use; any other type may still be typed in. */
const EXTERNAL_IDENTIFIER_TYPES = ['ALPHA_TANGO_UID'] as const;

function toFormValues(account: Account, operator: boolean): AccountFormValues {
  return {
    ...(operator ? { secondPersonValidation: account.secondPersonValidation } : {}),
    civility: account.civility ?? '',
    firstName: account.firstName,
    lastName: account.lastName,
    phoneNumber: account.phoneNumber ?? '',
    dateOfBirth: account.dateOfBirth?.slice(0, 10) ?? '',
    companyName: account.companyName ?? '',
    addressLine1: account.addressLine1 ?? '',
    addressLine2: account.addressLine2 ?? '',
    addressLine3: account.addressLine3 ?? '',
    postalCode: account.postalCode ?? '',
    city: account.city ?? '',
    country: account.country ?? '',
    homepage: account.homepage,
    newsletter: account.newsletter,
    lang: account.lang,
    doubleFactorEnabled: account.doubleFactorEnabled,
    externalIdentifiers: account.externalIdentifiers.map(({ type, value }) => ({ type, value })),
  };
}

/** Empty inputs clear nullable fields (null), as the PATCH contract expects. */
function toUpdate(values: AccountFormValues): Record<string, unknown> {
  const update: Record<string, unknown> = { ...values };
  for (const key of NULLABLE_TEXT) if (!values[key].trim()) update[key] = null;
  return update;
}

const accountResolver = contractResolver(accountUpdateSchema, { toInput: toUpdate });

export function AccountForm({ account, onLanguageSaved }: { account: Account; onLanguageSaved?: (lang: Language) => void }) {
  const { t } = useTranslation('account');
  const errorText = useFieldErrorText();
  const update = useUpdateAccount();
  const session = useSession();
  // The operator's own rules for his missions; a supervised pilot works under his operator's.
  const operator = !!session && session.rights.has('PREFLIGHT_EDIT') && !session.rights.has('SUPERVISION_PILOT');
  const {
    register,
    handleSubmit,
    setError,
    control,
    reset,
    formState: { errors, isDirty },
  } = useForm({ resolver: accountResolver, defaultValues: toFormValues(account, operator) });
  const identifiers = useFieldArray({ control, name: 'externalIdentifiers' });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(toFormValues(saved, operator));
      if (saved.lang !== account.lang) onLanguageSaved?.(saved.lang);
      showToast({ color: 'teal', message: t('saved'), 'data-testid': 'account-saved' });
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  const text = (name: (typeof NULLABLE_TEXT)[number] | 'firstName' | 'lastName', extra: Record<string, unknown> = {}) => ({
    label: t(`fields.${name}`),
    error: errorText(errors[name]?.message),
    ...extra,
    ...register(name),
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('profile.title')} data-testid="account-form">
      <Stack>
        <Fieldset legend={t('profile.identity')}>
          <Stack>
            <NativeSelect
              label={t('fields.civility')}
              data={[{ value: '', label: t('civility.none') }, ...CIVILITIES.map((value) => ({ value, label: t(`civility.${value}`) }))]}
              {...register('civility')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...text('firstName', { required: true, autoComplete: 'given-name' })} />
              <TextInput {...text('lastName', { required: true, autoComplete: 'family-name' })} />
              <TextInput {...text('phoneNumber', { type: 'tel', autoComplete: 'tel' })} />
              <DayField control={control} name="dateOfBirth" label={t('fields.dateOfBirth')} clearable autoComplete="bday" />
              <TextInput {...text('companyName', { autoComplete: 'organization' })} />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('profile.address')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('addressLine1', { autoComplete: 'address-line1' })} />
            <TextInput {...text('addressLine2', { autoComplete: 'address-line2' })} />
            <TextInput {...text('addressLine3', { autoComplete: 'address-line3' })} />
            <TextInput {...text('postalCode', { autoComplete: 'postal-code' })} />
            <TextInput {...text('city', { autoComplete: 'address-level2' })} />
            <TextInput {...text('country', { autoComplete: 'country-name' })} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('profile.preferences')}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                label={t('fields.homepage')}
                data={HOMEPAGES.map((value) => ({ value, label: t(`homepages.${value}`) }))}
                {...register('homepage')}
              />
              <NativeSelect
                label={t('fields.lang')}
                data={LANGUAGES.map((value) => ({ value, label: t(`common:language.names.${value}`) }))}
                {...register('lang')}
              />
            </SimpleGrid>
            <Checkbox label={t('fields.newsletter')} {...register('newsletter')} />
            <FormSwitch
              control={control}
              name="doubleFactorEnabled"
              label={t('fields.doubleFactorEnabled')}
              description={t('doubleFactorHint')}
              data-testid="account-double-factor"
            />
          </Stack>
        </Fieldset>

        {operator ? (
          <Fieldset legend={t('profile.missions')}>
            <FormSwitch
              control={control}
              name="secondPersonValidation"
              label={t('fields.secondPersonValidation')}
              description={t('secondPersonHint')}
              data-testid="account-second-person"
            />
          </Fieldset>
        ) : null}

        <Fieldset legend={t('externalIdentifiers.title')} data-testid="external-identifiers">
          <Stack>
            <Text size="sm" c="dimmed" id="alpha-tango-hint">
              {t('externalIdentifiers.alphaTangoHint')}
            </Text>
            <Text size="sm" c="dimmed" data-testid="delegation-hint">
              {t('externalIdentifiers.delegationHint')}
            </Text>
            <datalist id="external-identifier-types">
              {EXTERNAL_IDENTIFIER_TYPES.map((type) => (
                <option key={type} value={type} />
              ))}
            </datalist>
            {identifiers.fields.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('externalIdentifiers.empty')}
              </Text>
            )}
            {identifiers.fields.map((field, index) => (
              <Group key={field.id} align="flex-start" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('externalIdentifiers.type')}
                  list="external-identifier-types"
                  required
                  error={errorText(errors.externalIdentifiers?.[index]?.type?.message)}
                  {...register(`externalIdentifiers.${index}.type`)}
                />
                <TextInput
                  style={{ flex: 2 }}
                  label={t('externalIdentifiers.value')}
                  aria-describedby="alpha-tango-hint"
                  required
                  error={errorText(errors.externalIdentifiers?.[index]?.value?.message)}
                  {...register(`externalIdentifiers.${index}.value`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  size="lg"
                  aria-label={t('externalIdentifiers.remove', { index: index + 1 })}
                  onClick={() => identifiers.remove(index)}
                >
                  <span aria-hidden>×</span>
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button variant="light" size="xs" onClick={() => identifiers.append({ type: EXTERNAL_IDENTIFIER_TYPES[0], value: '' })}>
                {t('externalIdentifiers.add')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!isDirty} data-testid="account-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
