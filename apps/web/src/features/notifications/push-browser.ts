import { type PushSubscriptionRequest, pushMessages } from '@pria/contracts';

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

/** A refusal the customer can act on (notifications blocked, no push service answering). */
class PushBlocked extends Error {
  override name = 'PushBlocked';
}

/**
 * How long the browser's side may take once permission is given: its service worker, then its
 * push service's registration. Without a push service reachable, `subscribe` never settles (issue
 * 40: the button spun for over 40 s); the customer is told and may try again.
 */
const PUSH_SETUP_TIMEOUT_MS = 12_000;

/** `work`, or a PushBlocked with `message` once the deadline has passed. */
function before<T>(deadline: number, work: Promise<T>, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushBlocked(message)), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const base64urlToBytes = (s: string) => {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};

export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionRequest> {
  // The permission prompt waits for the person, however long they take.
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlocked(pushMessages.pushBlocked);
  const deadline = Date.now() + PUSH_SETUP_TIMEOUT_MS;
  const registration = await before(
    deadline,
    navigator.serviceWorker.ready,
    pushMessages.pushBrowserUnavailable,
  );
  const subscription = await before(
    deadline,
    registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: base64urlToBytes(publicKey) })
      // Refused outright (headless Chromium: "AbortError: Registration failed - push service
      // error"): the same words as no answer at all.
      .catch(() => {
        throw new PushBlocked(pushMessages.pushServiceFailed);
      }),
    pushMessages.pushServiceFailed,
  );
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
