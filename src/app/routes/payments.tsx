import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ListPage } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { NEW_PAYMENT_ID } from '@/features/payments/components/payment-form';
import { PaymentList } from '@/features/payments/components/payment-list';
import { useSession } from '@/lib/session';

/** /backoffice/payments/user/{userId}: an operator's own payments, or any user's for administrators. */
export default function PaymentsRoute() {
  const { t } = useTranslation('payments');
  const { userId = '' } = useParams();
  const session = useSession();
  return (
    <ListPage
      title={t(userId === session?.userId ? 'ownTitle' : 'title')}
      add={{
        permission: 'USER_EDIT_ADMIN',
        to: paths.userPaymentEdit.getHref(userId, NEW_PAYMENT_ID),
        label: t('add'),
        testId: 'payment-add',
      }}
    >
      <PaymentList key={userId} userId={userId} />
    </ListPage>
  );
}
