export {
  type AttemptRow,
  findAttemptByReference,
  IllegalTransition,
  insertAttempt,
  transitionAttempt,
} from './attempts.repo.ts';
export { executeCharge, resolveAttempt } from './execute-charge.ts';
