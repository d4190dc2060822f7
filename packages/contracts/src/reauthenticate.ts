/** The `code` of a 401 asking for a fresh sign-in before a sensitive change. */
export const REAUTHENTICATE = 'REAUTHENTICATE';
