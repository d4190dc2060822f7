import { pushMessages } from '@pria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, withMessage } from '../../app/api-client.ts';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';
import {
  forgetThisDevice,
  rememberThisDevice,
  subscribeThisBrowser,
  thisDeviceId,
  unsubscribeThisBrowser,
} from './push-browser.ts';
import { notificationKeys } from './queries.ts';

/** "Turn on notifications on this device": the browser's permission, its subscription, then the API. */
export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (publicKey: string) => {
      const subscription = await subscribeThisBrowser(publicKey);
      return withMessage(api.POST('/api/v1/account/push/devices', { body: subscription }));
    },
    onSuccess: ({ data, message }) => {
      rememberThisDevice(data.id);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      notifySuccess(message ?? pushMessages.pushOn);
    },
    onError: (error) => {
      if (error instanceof Error && error.name === 'PushBlocked') notifyError(error.message);
      else notifyApiError(error);
    },
  });
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await withMessage(
        api.DELETE('/api/v1/account/push/devices/{id}', { params: { path: { id } } }),
      );
      // This very browser: its subscription goes too, so it asks afresh next time.
      if (id === thisDeviceId()) {
        forgetThisDevice();
        await unsubscribeThisBrowser();
      }
      return res;
    },
    onSuccess: ({ message }) => notifySuccess(message ?? pushMessages.pushDeviceRemoved),
    onError: notifyApiError,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.push() }),
  });
}

export function useSendTestPush() {
  return useMutation({
    mutationFn: (id: string) =>
      withMessage(api.POST('/api/v1/account/push/devices/{id}/test', { params: { path: { id } } })),
    onSuccess: ({ message }) => notifySuccess(message ?? pushMessages.pushTestSent),
    onError: notifyApiError,
  });
}
