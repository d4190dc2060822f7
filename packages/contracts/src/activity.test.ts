import { describe, expect, it } from 'vitest';
import { activityKinds, activityTypeLabels } from './activity.ts';

describe("the activity's Type column", () => {
  it('names each kind of row for what it is: a refund is never listed as a charge (issue 29)', () => {
    expect(activityKinds.map((k) => activityTypeLabels[k])).toEqual(['Charge', 'Pay-back', 'Refund']);
  });
});
