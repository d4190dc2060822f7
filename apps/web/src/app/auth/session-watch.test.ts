import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_CHECK_EVERY_MS,
  SESSION_CHECK_GAP_MS,
  type WatchedPage,
  watchSession,
} from './session-watch.ts';

/** A tab: visible or not, with a document and a window that events can be sent to. */
function fakeTab(visible = true) {
  const state = { visible };
  const doc = new EventTarget();
  const win = new EventTarget();
  const page: WatchedPage = { visible: () => state.visible, targets: [doc, win], now: () => Date.now() };
  return { state, doc, win, page };
}

describe('watchSession', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks every minute while the tab is on screen, and not while it is hidden', async () => {
    const tab = fakeTab();
    const check = vi.fn(async () => {});
    const stop = watchSession(check, tab.page);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_EVERY_MS);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_EVERY_MS);
    expect(check).toHaveBeenCalledTimes(2);
    tab.state.visible = false;
    await vi.advanceTimersByTimeAsync(5 * SESSION_CHECK_EVERY_MS);
    expect(check).toHaveBeenCalledTimes(2);
    stop();
  });

  it('asks when the tab comes back into view or focus, once for both', async () => {
    const tab = fakeTab(false);
    const check = vi.fn(async () => {});
    const stop = watchSession(check, tab.page);
    tab.state.visible = true;
    tab.doc.dispatchEvent(new Event('visibilitychange'));
    tab.win.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_GAP_MS);
    tab.win.dispatchEvent(new Event('focus'));
    expect(check).toHaveBeenCalledTimes(2);
    stop();
  });

  it('keeps asking after a failed check, and stops when told', async () => {
    const tab = fakeTab();
    const check = vi.fn(async () => {
      throw new Error('offline');
    });
    const stop = watchSession(check, tab.page);
    await vi.advanceTimersByTimeAsync(2 * SESSION_CHECK_EVERY_MS);
    expect(check).toHaveBeenCalledTimes(2);
    stop();
    tab.win.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(3 * SESSION_CHECK_EVERY_MS);
    expect(check).toHaveBeenCalledTimes(2);
  });
});
