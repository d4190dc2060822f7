import { lazy, Suspense } from 'react';
import { useAuth } from '../../app/auth/auth-state.tsx';
import { isAdminToken } from '../../app/auth/claims.ts';
import { useConsents } from './queries.ts';

const ConsentPromptCard = lazy(() => import('./consent-prompt-card.tsx'));

/**
 * "We've updated our terms": shown at the top of every customer screen while a document that
 * applies to the customer has a version they have not accepted, with what changed and a link to
 * read it. It does not block the app; accepting records the versions shown. What it shows loads
 * only then (ADR 70): most visits have nothing to accept.
 */
export function ConsentPrompt() {
  const auth = useAuth();
  // Staff looking at the customer area have no customer agreements to make.
  const staff = isAdminToken(auth.user?.access_token);
  const consents = useConsents(!staff);
  if (staff || !consents.data) return null;
  const pending = consents.data.documents.filter((d) => d.pending);
  if (pending.length === 0) return null;
  const updated = pending.some((d) => consents.data.records.some((r) => r.document === d.id));
  return (
    <Suspense fallback={null}>
      <ConsentPromptCard pending={pending} updated={updated} />
    </Suspense>
  );
}
