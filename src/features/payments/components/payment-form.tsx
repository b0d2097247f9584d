import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, contractResolver, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { PAYMENT_STATUSES, paymentCreateSchema, type Payment } from '@/shared/contracts/payments';
import { useSavePayment } from '../api/payments';
import { centsOf, eurosOf } from './money';
import { DayField } from '@/components/ui/date-fields';

type PaymentFormValues = {
  reference: string;
  label: string;
  amount: string;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  status: string;
};

/** The id in payments/edit/{userId}/{id} that stands for a payment still to add. */
export const NEW_PAYMENT_ID = 'new';

const FIELDS = [...Object.keys(paymentCreateSchema.shape), 'amount'];

/** The amount is typed in euros and sent in cents; an amount that is not one becomes a non-integer the schema refuses. */
export function toPaymentInput(values: PaymentFormValues): Record<string, unknown> {
  const { amount, dueDate, ...rest } = values;
  return { ...rest, amountCents: centsOf(amount) ?? (amount.trim() === '' ? undefined : Number.NaN), dueDate: dueDate || null };
}

/** The schema names the field amountCents; the form shows its errors on the euro amount. */
const resolver = contractResolver(paymentCreateSchema, { toInput: toPaymentInput, fieldOf: { amountCents: 'amount' } });

export function PaymentForm({ userId, payment, onSaved }: { userId: string; payment?: Payment; onSaved: () => void }) {
  const { t } = useTranslation('payments');
  const errorText = useFieldErrorText();
  const save = useSavePayment();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: {
      reference: payment?.reference ?? '',
      label: payment?.label ?? '',
      amount: payment ? eurosOf(payment.amountCents) : '',
      periodStart: payment?.periodStart ?? '',
      periodEnd: payment?.periodEnd ?? '',
      dueDate: payment?.dueDate ?? '',
      status: payment?.status ?? 'unpaid',
    },
  });

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ userId, id: payment?.id, body: input });
      showToast({ color: 'teal', message: t('saved'), 'data-testid': 'payment-saved' });
      onSaved();
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t(payment ? 'editTitle' : 'addTitle')} data-testid="payment-form">
      <Stack maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('fields.reference')} required error={errorText(errors.reference?.message)} {...register('reference')} />
          <TextInput label={t('fields.label')} required error={errorText(errors.label?.message)} {...register('label')} />
          <TextInput
            label={t('fields.amount')}
            description={t('amountHint')}
            inputMode="decimal"
            required
            error={errorText(errors.amount?.message)}
            {...register('amount')}
          />
          <NativeSelect
            label={t('fields.status')}
            data={PAYMENT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
            error={errorText(errors.status?.message)}
            {...register('status')}
          />
          <DayField control={control} name="periodStart" label={t('fields.periodStart')} required />
          <DayField control={control} name="periodEnd" label={t('fields.periodEnd')} required />
          <DayField control={control} name="dueDate" label={t('fields.dueDate')} clearable />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="payment-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
