/** A device that receives push notifications, as Account → Notifications lists it. */
export interface PushDevice {
  id: string;
  /** "Chrome on Android" */
  device: string;
  createdAt: string;
  lastSentAt: string | null;
}

/** GET /account/push: the key the browser subscribes with (null: push is off here) and the devices. */
export interface PushSettings {
  publicKey: string | null;
  devices: PushDevice[];
}

export const pushMessages = {
  pushOn: 'Notifications are on for this device',
  pushDeviceRemoved: 'Device removed',
  pushTestSent: 'Test notification sent',
  pushUnavailable: 'Push notifications are not available right now.',
  pushServiceRefused: "This browser's push service is not supported. Try another browser.",
  pushBrowserUnavailable: 'This browser cannot receive notifications from Pria right now.',
  pushServiceFailed:
    "This browser's push service did not answer, so notifications are not on. Check your connection and try again, or use another browser.",
  pushBlocked:
    "Notifications are blocked for Pria in this browser. Allow them in the browser's site settings, then try again.",
} as const;
