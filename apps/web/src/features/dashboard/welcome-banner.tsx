import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CloseButton, Group, Paper, Stack, Text, Title, Transition } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useNarrow } from '../../components/responsive-cards.tsx';
import { LazyCardModal } from '../cards/lazy-card-modal.tsx';
import { useCustomer } from '../customer/queries.ts';
import { fullName } from '../customer/types.ts';
import { toAddressValues } from '../geography/address.ts';

/** Spec: with no cards, wide screens get a welcome banner with an add-card prompt after about 2 s. */
export const BANNER_DELAY_MS = 2000;

export function WelcomeBanner() {
  const { t } = useLingui();
  const narrow = useNarrow();
  const customer = useCustomer();
  const [visible, setVisible] = useState(false);
  const [adding, setAdding] = useState(false);
  const { start, clear } = useTimeout(() => setVisible(true), BANNER_DELAY_MS);
  useEffect(() => {
    start();
    return clear;
  }, [start, clear]);
  if (narrow) return null;
  const firstName = customer.data?.firstName;

  return (
    <>
      <Transition mounted={visible} transition="slide-down" duration={250}>
        {(style) => (
          <Paper style={style} radius="lg" p="lg" bg="navy.9" c="white" role="region" aria-label={t`Welcome`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={6}>
                <Title order={2} size="h3">
                  {firstName ? <Trans>Welcome, {firstName}!</Trans> : <Trans>Welcome!</Trans>}
                </Title>
                <Text c="gray.3" maw={620}>
                  <Trans>
                    Add your first Visa or Mastercard to start building credit. We charge $3 a month on it and
                    pay it off for you.
                  </Trans>
                </Text>
                <Button mt="xs" color="mint" c="navy.9" w="fit-content" onClick={() => setAdding(true)}>
                  <Trans>Add your first card</Trans>
                </Button>
              </Stack>
              <CloseButton
                aria-label={t`Dismiss welcome`}
                variant="transparent"
                c="white"
                onClick={() => setVisible(false)}
              />
            </Group>
          </Paper>
        )}
      </Transition>
      <LazyCardModal
        opened={adding}
        onClose={() => setAdding(false)}
        defaultName={fullName(customer.data)}
        defaultAddress={toAddressValues(customer.data?.address)}
        isDefault
      />
    </>
  );
}
