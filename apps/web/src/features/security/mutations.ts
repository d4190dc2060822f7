import { messages } from '@pria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';
import { signInAgain } from '../../app/auth/session-ended.ts';
import { notifySuccess } from '../../app/notify.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { endLocalSession, LEAVE_DELAY_MS } from './end-local-session.ts';
import { mfaKeys } from './queries.ts';
import { isReauthError } from './reauth.ts';

interface Handlers {
  /** The server wants a recent sign-in first (401 REAUTHENTICATE). */
  onReauth: (message: string) => void;
}

/** Opens the IdP's enrolment page in a new tab, without giving it a handle on this one. */
export function openEnrolment(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** POST /mfa?status=true: a single-use enrolment link, opened in a new tab ('MFA Enabled'). */
export function useEnableMfa({ onReauth, onLink }: Handlers & { onLink: (url: string) => void }) {
  return useMutation({
    mutationFn: () => dataOf(api.POST('/api/v1/mfa', { params: { query: { status: 'true' } } })),
    // The route answers the link when turning MFA on (null only when turning it off).
    onSuccess: (link) => {
      if (link) {
        openEnrolment(link.url);
        onLink(link.url);
      }
      notifySuccess(messages.mfaEnabled);
    },
    onError: (error) =>
      isReauthError(error)
        ? onReauth((error as Error).message)
        : notifyApiError(error, messages.couldNotEnableMfa),
  });
}

/**
 * POST /mfa?status=false ('MFA Disabled'). The server then ends every session (issue 30): this
 * device signs in again, and comes back here.
 */
export function useDisableMfa({ onReauth }: Handlers) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(api.POST('/api/v1/mfa', { params: { query: { status: 'false' } } })),
    onSuccess: () => {
      queryClient.setQueryData(mfaKeys.status(), []);
      notifySuccess(messages.mfaDisabled);
      window.setTimeout(() => void signInAgain(), LEAVE_DELAY_MS);
    },
    onError: (error) =>
      isReauthError(error)
        ? onReauth((error as Error).message)
        : notifyApiError(error, messages.couldNotDisableMfa),
  });
}

/** POST /account/sign-out-everywhere: every session ends, this one too, so the caller logs out. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: () => dataOf(api.POST('/api/v1/account/sign-out-everywhere')),
    onSuccess: () => {
      notifySuccess(messages.signedOutEverywhere);
      void endLocalSession(LEAVE_DELAY_MS, '/signed-out?reason=signed-out-everywhere');
    },
    onError: (error) => notifyApiError(error, messages.couldNotSignOutEverywhere),
  });
}

/** PUT /customers/change-password; the server then ends every session, so the caller logs out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; password: string; confirmPassword: string }) =>
      dataOf(api.PUT('/api/v1/customers/change-password', { body: input })),
  });
}
