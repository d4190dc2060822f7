import type { PushSubscriptionRequest } from '@pria/contracts';

/**
 * The browser's side of web push: permission, the service worker's push subscription, and which of
 * the customer's devices this browser is (kept in localStorage, as the API never shows endpoints).
 */
const THIS_DEVICE_KEY = 'pria.pushDeviceId';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function thisDeviceId(): string | null {
  try {
    return localStorage.getItem(THIS_DEVICE_KEY);
  } catch {
    return null;
  }
}

export function rememberThisDevice(id: string) {
  try {
    localStorage.setItem(THIS_DEVICE_KEY, id);
  } catch {
    // Private mode: the list just won't mark this device.
  }
}

export function forgetThisDevice() {
  try {
    localStorage.removeItem(THIS_DEVICE_KEY);
  } catch {
    // nothing kept, nothing to forget
  }
}

/** A refusal the customer can act on (notifications blocked in the browser's settings). */
class PushBlocked extends Error {
  override name = 'PushBlocked';
}

/** The service worker, or a clear refusal within a few seconds (blocked, private mode, no build). */
async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  const ready = navigator.serviceWorker.ready;
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new PushBlocked('This browser cannot receive notifications from Pria right now.')),
      10_000,
    ),
  );
  return Promise.race([ready, timeout]);
}

const base64urlToBytes = (s: string) => {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};

export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionRequest> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushBlocked(
      "Notifications are blocked for Pria in this browser. Allow them in the browser's site settings, then try again.",
    );
  }
  const registration = await serviceWorker();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64urlToBytes(publicKey),
  });
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    expirationTime: json.expirationTime ?? null,
  };
}

export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe().catch(() => undefined);
}
