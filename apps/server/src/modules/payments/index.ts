export {
  type AttemptRow,
  insertAttempt,
} from './attempts.repo.ts';
export { executeCharge, resolveAttempt } from './execute-charge.ts';
