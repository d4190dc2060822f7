import classes from './star-rating.module.css';

// Mantine's star (Rating's StarIcon): the same shape as before.
const STAR =
  'M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z';

interface StarRatingProps {
  /** The star chosen, 1 to `count`; 0 while none is. */
  value: number;
  onChange: (value: number) => void;
  count: number;
  /** The field's name in the form (the browser's, before the app runs: ADR 82). */
  name: string;
  /** The id of the question the stars answer: the group's name. */
  labelledBy: string;
  /** Each star's name ("4 stars"). */
  starLabel: (value: number) => string;
}

/**
 * The feedback form's stars: a radio group of the browser's own radio buttons, each named, drawn as
 * stars. The arrow keys move between the stars and choose the one they reach, as in any radio
 * group, and the same before the app runs (the page is sent without it, ADR 82) as after. Mantine's
 * Rating chose a star on Space or Enter only (an arrow key only lit the stars up) and had a sixth,
 * hidden radio for "0 stars".
 *
 * The stars up to the one chosen are filled by the stylesheet (from the checked radio), so a star
 * picked before the app runs shows as the app would show it.
 */
export function StarRating({ value, onChange, count, name, labelledBy, starLabel }: StarRatingProps) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={classes.stars}>
      {Array.from({ length: count }, (_, index) => index + 1).map((star) => (
        <label key={star} className={classes.star}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={star}
            checked={value === star}
            onChange={() => onChange(star)}
            aria-label={starLabel(star)}
          />
          <svg viewBox="0 0 24 24" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
            <path d={STAR} />
          </svg>
        </label>
      ))}
    </div>
  );
}
