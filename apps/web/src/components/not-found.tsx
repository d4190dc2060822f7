import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from './use-document-title.ts';

/**
 * "Page not found", for any path the app has no screen for (the server answers those paths with
 * status 404 as well: packages/contracts web-routes.ts). `home` is the area's own start page.
 */
export function NotFound({ home = '/', homeLabel }: { home?: string; homeLabel?: string }) {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return (
    <Stack align="center" ta="center" gap="md" py={{ base: 48, sm: 96 }} px="md" maw={560} mx="auto">
      <Text fw={700} c="dimmed" fz="sm" tt="uppercase">
        <Trans>Error 404</Trans>
      </Text>
      <Title order={1} c="navy.9">
        <Trans>Page not found</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>We could not find the page you asked for. The link may be old or mistyped.</Trans>
      </Text>
      <Group justify="center">
        <Button component={Link} to={home}>
          {homeLabel ?? <Trans>Go to the home page</Trans>}
        </Button>
        <Button component={Link} to="/contact" variant="default">
          <Trans>Contact us</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
