export {
  type AttemptRow,
  insertAttempt,
} from './attempts.repo.ts';
export { executeCharge } from './execute-charge.ts';
