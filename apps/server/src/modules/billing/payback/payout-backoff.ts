/**
 * A pay-back the processor refused for now is tried again by the one-minute tick, sooner at
 * first and then daily, until it is paid (ADR 7): money Pria owes is never left for next
 * month's run. After PAYOUT_DELAYED_AFTER_TRIES failures staff see it (admin attention list,
 * `pria_payouts_delayed`) and the customer's activity says the pay-back is delayed.
 */
const MINUTE = 60_000;
export const PAYOUT_RETRY_DELAYS_MS = [
  5 * MINUTE,
  30 * MINUTE,
  2 * 60 * MINUTE,
  6 * 60 * MINUTE,
  24 * 60 * MINUTE,
];
export const PAYOUT_DELAYED_AFTER_TRIES = 3;
