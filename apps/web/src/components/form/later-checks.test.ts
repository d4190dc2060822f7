import { beforeEach, describe, expect, it, vi } from 'vitest';

const notified = vi.hoisted(() => [] as unknown[]);
vi.mock('../notify-api-error.ts', () => ({ notifyApiError: (error: unknown) => notified.push(error) }));

const { afterChecks, laterChecks } = await import('./later-checks.ts');

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a form whose checks load after it', () => {
  beforeEach(() => {
    notified.length = 0;
  });

  it('has no checks before they have loaded, and the same module once they have', async () => {
    const module = { errors: () => ({}) };
    const download = vi.fn(async () => module);
    const checks = laterChecks(download);
    expect(checks.current()).toBeUndefined();
    const [a, b] = await Promise.all([checks.ready(), checks.ready()]);
    expect(a).toBe(module);
    expect(b).toBe(module);
    expect(checks.current()).toBe(module);
    expect(download).toHaveBeenCalledTimes(1);
  });

  it('submits only once the checks are there, without passing them on as an event', async () => {
    let arrive: (m: object) => void = () => undefined;
    const checks = laterChecks(() => new Promise<object>((resolve) => (arrive = resolve)));
    const submit = vi.fn();
    const preventDefault = vi.fn();
    afterChecks(checks, submit)({ preventDefault } as never);
    expect(preventDefault).toHaveBeenCalled();
    await flush();
    expect(submit).not.toHaveBeenCalled();
    arrive({});
    await flush();
    // Mantine's form.onSubmit reads its argument as the DOM event: the module must not be it.
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith();
  });

  it('says so and sends nothing when the checks cannot be downloaded, and tries again next time', async () => {
    const offline = new Error('Failed to fetch dynamically imported module');
    const download = vi.fn().mockRejectedValueOnce(offline).mockResolvedValueOnce({});
    const checks = laterChecks(download);
    const submit = vi.fn();
    afterChecks(checks, submit)();
    await flush();
    expect(submit).not.toHaveBeenCalled();
    expect(notified).toEqual([offline]);
    afterChecks(checks, submit)();
    await flush();
    expect(submit).toHaveBeenCalledTimes(1);
    expect(download).toHaveBeenCalledTimes(2);
  });
});
