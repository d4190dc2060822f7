import { messages } from '@pria/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { notifySuccess } from '../../app/notify.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { CheckoutView } from './checkout-view.tsx';

/** /dashboard/checkout?plan=<id>: reached from 'Continue to Payment' when there is no subscription yet. */
export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <CheckoutView
      planId={params.get('plan')}
      onBack={() => navigate('/dashboard/subscription')}
      onDone={() => navigate('/dashboard')}
      onSubscribed={(_result, pending) => {
        if (!pending) notifySuccess(messages.webSubscriptionStarted);
      }}
    />
  );
}
