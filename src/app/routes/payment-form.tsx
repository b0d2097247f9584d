import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { usePayment } from '@/features/payments/api/payments';
import { NEW_PAYMENT_ID, PaymentForm } from '@/features/payments/components/payment-form';

/** /backoffice/payments/edit/{userId}/{id}; the id `new` adds a payment (spec §2 has no add route for payments). */
export default function PaymentFormRoute() {
  const { t } = useTranslation('payments');
  const { userId = '', id } = useParams();
  const navigate = useNavigate();
  const creating = id === NEW_PAYMENT_ID;
  const { data: payment, isPending, isError } = usePayment(userId, creating ? undefined : id);
  const onSaved = () => void navigate(paths.userPayments.getHref(userId));
  return (
    <Stack>
      <PageHeader title={t(creating ? 'addTitle' : 'editTitle')} />
      {creating ? (
        <PaymentForm userId={userId} onSaved={onSaved} />
      ) : isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('loadOneFailed')}
        </Alert>
      ) : (
        <PaymentForm key={payment.id} userId={userId} payment={payment} onSaved={onSaved} />
      )}
    </Stack>
  );
}
