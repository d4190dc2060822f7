import { useLingui } from '@lingui/react/macro';
import { messages } from '@pria/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { notifySuccess } from '../../app/notify.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { AFTER_PAYMENT } from './after-payment.ts';
import { CheckoutView } from './checkout-view.tsx';
import { checkoutWords as words } from './checkout-words.ts';

/** /dashboard/checkout?plan=<id>: reached from 'Continue to Payment' when there is no subscription yet. */
export default function CheckoutPage() {
  const { i18n } = useLingui();
  useDocumentTitle(i18n._(words[messages.webCheckoutTitle]));
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  return (
    <CheckoutView
      planId={params.get('plan')}
      afterPayment={params.has(AFTER_PAYMENT)}
      onBack={() => navigate('/dashboard/subscription')}
      onDone={() => navigate('/dashboard')}
      onSubscribed={(_result, pending) => {
        // A reload now shows the confirmation (or the wait for the bank), never the form again.
        setParams(
          (current) => {
            current.set(AFTER_PAYMENT, '1');
            return current;
          },
          { replace: true },
        );
        if (!pending) notifySuccess(i18n._(words[messages.webSubscriptionStarted]));
      }}
    />
  );
}
