import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { apiErrorCode } from '@/lib/api-client';
import { applyServerFieldErrors, contractResolver, useFieldErrorText } from '@/lib/forms';
import { signupBodySchema } from '@/shared/contracts/auth';
import { CIVILITIES, LANGUAGES, type Language } from '@/shared/domain/enums';
import { useSignup } from '../api/signup';
import { NewPasswordFields } from './new-password-fields';

type SignupFormValues = Omit<z.input<typeof signupBodySchema>, 'legalNotice'> & { legalNotice: boolean };

const FIELDS = Object.keys(signupBodySchema.shape);
const resolver = contractResolver(signupBodySchema, { toInput: (values: SignupFormValues) => values });
const EMAIL_CODES = new Set(['EMAIL_NOT_AVAILABLE', 'EMAIL_PROVIDER_NOT_ALLOWED', 'INVALID_EMAIL']);
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export function SignupForm({ language }: { language: Language }) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const signup = useSignup();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      emailConfirmation: '',
      password: '',
      passwordConfirmation: '',
      companyName: '',
      lang: language,
      newsletter: false,
      legalNotice: false,
    },
  });
  const [password = '', email, firstName, lastName] = useWatch({ control, name: ['password', 'email', 'firstName', 'lastName'] });

  const submit = handleSubmit(async (values) => {
    try {
      await signup.mutateAsync(values);
    } catch (error) {
      const code = apiErrorCode(error);
      if (code && EMAIL_CODES.has(code)) setError('email', { type: 'server', message: `errors:${code}` });
      else applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  if (signup.isSuccess) {
    return (
      <Stack>
        <Alert color="teal" role="status" data-testid="signup-success">
          {t('signup.success')}
        </Alert>
        <Anchor component={Link} to={paths.login.getHref()}>
          {t('links.backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('signup.title')}>
      <Stack>
        <NativeSelect
          label={t('fields.civility')}
          data={[
            { value: '', label: t('fields.civilityNone') },
            ...CIVILITIES.map((civility) => ({ value: civility, label: t(`civility.${civility}`) })),
          ]}
          {...register('civility', { setValueAs: emptyToUndefined })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
            error={errorText(errors.firstName?.message)}
            {...register('firstName')}
          />
          <TextInput
            label={t('fields.lastName')}
            autoComplete="family-name"
            required
            error={errorText(errors.lastName?.message)}
            {...register('lastName')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            error={errorText(errors.email?.message)}
            {...register('email')}
          />
          <TextInput
            label={t('fields.emailConfirmation')}
            type="email"
            autoComplete="email"
            required
            error={errorText(errors.emailConfirmation?.message)}
            {...register('emailConfirmation')}
          />
        </SimpleGrid>
        <NewPasswordFields
          password={register('password')}
          confirmation={register('passwordConfirmation')}
          value={password}
          passwordError={errors.password?.message}
          confirmationError={errors.passwordConfirmation?.message}
          identity={{ email, firstName, lastName }}
          columns={2}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.companyName')}
            autoComplete="organization"
            error={errorText(errors.companyName?.message)}
            {...register('companyName')}
          />
          <TextInput
            label={t('fields.phoneNumber')}
            type="tel"
            autoComplete="tel"
            error={errorText(errors.phoneNumber?.message)}
            {...register('phoneNumber', { setValueAs: emptyToUndefined })}
          />
        </SimpleGrid>
        <NativeSelect
          label={t('fields.lang')}
          data={LANGUAGES.map((lang) => ({ value: lang, label: t(`common:language.names.${lang}`) }))}
          {...register('lang')}
        />
        <Checkbox label={t('fields.newsletter')} {...register('newsletter')} />
        <Checkbox
          label={t('fields.legalNotice')}
          required
          data-testid="signup-legal-notice"
          error={errorText(errors.legalNotice?.message)}
          {...register('legalNotice')}
        />
        <Group justify="space-between">
          <Anchor component={Link} to={paths.login.getHref()} size="sm">
            {t('links.alreadyRegistered')}
          </Anchor>
          <Button type="submit" loading={signup.isPending} data-testid="signup-submit">
            {t('signup.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
