import type { Config } from '../../../config.ts';

/**
 * Why the money engine may not be run as of another instant than now (the CLI's `--at`), or
 * undefined where it may: only against the payment simulator, outside production. With a real
 * processor the money moves now whatever instant the books say (a pay-in "of December 28th"
 * captured on December 1st; December's pay-backs sent a month early, dated in 2027: issue 38),
 * and production keeps the real clock (as PRIA_CLOCK_OFFSET_SECONDS is refused there).
 */
export function movedClockRefusal(config: Pick<Config, 'env' | 'payments'>): string | undefined {
  if (config.env === 'production') {
    return '--at is refused in production (NODE_ENV=production): the money engine runs on the real clock there. Run it without --at.';
  }
  if (config.payments.gateway !== 'simulator') {
    return `--at is refused with a real payment processor (PAYMENT_GATEWAY=${config.payments.gateway}): the money would move now while the books say another instant. --at works with the payment simulator only.`;
  }
  return undefined;
}
