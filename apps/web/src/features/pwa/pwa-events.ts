/**
 * What public/register-sw.js (a plain script, loaded on every page) hands the app: the install
 * offer Chromium made (`beforeinstallprompt`, kept for the dashboard) and the news that a new
 * version is waiting. The app may start after either event fired, so it reads the kept state too.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    priaInstallPrompt?: InstallPromptEvent;
  }
}

export const INSTALLABLE_EVENT = 'pria:installable';
export const INSTALLED_EVENT = 'pria:installed';
export const UPDATE_READY_EVENT = 'pria:update-ready';

/** Running as the installed app (home screen), not in a browser tab. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/**
 * iPhone and iPad Safari: no install prompt exists there, customers add the app from the Share
 * menu. (iPadOS reports itself as a Mac; its touch screen gives it away.)
 */
export function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}
