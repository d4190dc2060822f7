/**
 * What cancelling and pausing do, in the words the confirmation shows (issue 19): the customer
 * reads exactly what happens to renewal, to the monthly $3 charges and to their pay-backs.
 */
export function cancelDetails(endsOn: string | null): string[] {
  const until = endsOn ?? 'the end of the current period';
  return [
    'Your plan will not renew.',
    `It stays active until ${until}.`,
    'The monthly $3 charges continue until then, and every $3 already charged is still paid back.',
    `After ${until}, nothing more is charged.`,
    `You can keep your subscription until ${until}.`,
  ];
}

export function pauseDetails(endsOn: string | null): string[] {
  const until = endsOn ?? 'the end of the current period';
  return [
    `Pausing turns off renewal: your plan stays active until ${until} and is not renewed then.`,
    'The monthly $3 charges continue until then, and each is paid back.',
    `Turn the subscription back on before ${until} to renew as usual.`,
  ];
}
