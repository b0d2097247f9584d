import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { NEW_PAYMENT_ID } from '@/features/payments/components/payment-form';
import { PaymentList } from '@/features/payments/components/payment-list';
import { useCan } from '@/lib/authorization';
import { useSession } from '@/lib/session';

/** /backoffice/payments/user/{userId}: an operator's own payments, or any user's for administrators. */
export default function PaymentsRoute() {
  const { t } = useTranslation('payments');
  const { userId = '' } = useParams();
  const session = useSession();
  const canAdd = useCan('USER_EDIT_ADMIN');
  const own = userId === session?.userId;
  return (
    <Stack>
      <PageHeader
        title={t(own ? 'ownTitle' : 'title')}
        actions={
          canAdd && (
            <Button component={Link} to={paths.userPaymentEdit.getHref(userId, NEW_PAYMENT_ID)} data-testid="payment-add">
              {t('add')}
            </Button>
          )
        }
      />
      <PaymentList key={userId} userId={userId} />
    </Stack>
  );
}
