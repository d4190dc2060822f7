import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { Link } from 'react-router';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { t } = useLingui();
  return (
    <Link
      to="/"
      aria-label={t`Pria home`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, textDecoration: 'none' }}
    >
      <img src="/logo.svg" alt="" width={32} height={32} />
      <Text component="span" fw={800} fz={22} c={inverted ? 'white' : 'navy.9'} lh={1}>
        Pria
      </Text>
    </Link>
  );
}
