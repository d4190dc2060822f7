// No zod here: public pages import these limits for their fields' maxLength without loading it.

/**
 * How long each text a person types may be. The API refuses longer (these schemas), and the web
 * form's field stops there (`maxLength`), so the two cannot disagree (issue 40).
 */
export const textLimits = {
  topic: 100,
  message: 5000,
  name: 100,
  street: 200,
  city: 100,
  cardName: 100,
} as const;

/**
 * "Topic must be at most 100 characters": the one wording of a text that is too long, under the
 * form's field and in the API's 400 alike. zod's own ("Too big: expected string to have <=100
 * characters") never reaches a person, and neither does a required field's message: a schema's
 * `error` answers every issue without its own message, so a too-long topic said "Topic is required".
 */
export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;
