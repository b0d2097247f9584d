import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** /backoffice/payments/edit/{userId}/{id}: built by a later issue; until then an honest placeholder. */
export default function PaymentFormRoute() {
  return <PlaceholderPage screen="paymentForm" feature="payments" />;
}
