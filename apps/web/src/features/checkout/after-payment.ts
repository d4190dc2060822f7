/** The query parameter that marks a checkout page opened again after paying. */
export const AFTER_PAYMENT = 'submitted';
