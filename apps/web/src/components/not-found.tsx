import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from './use-document-title.ts';

/**
 * "Page not found", for any path the app has no screen for (the server answers those paths with
 * status 404 as well: packages/contracts web-routes.ts). `home` is the area's own start page.
 */
export function NotFound({
  home = '/',
  homeLabel = 'Go to the home page',
}: {
  home?: string;
  homeLabel?: string;
}) {
  useDocumentTitle('Page not found');
  return (
    <Stack align="center" ta="center" gap="md" py={{ base: 48, sm: 96 }} px="md" maw={560} mx="auto">
      <Text fw={700} c="dimmed" fz="sm" tt="uppercase">
        Error 404
      </Text>
      <Title order={1} c="navy.9">
        Page not found
      </Title>
      <Text c="dimmed">We could not find the page you asked for. The link may be old or mistyped.</Text>
      <Group justify="center">
        <Button component={Link} to={home}>
          {homeLabel}
        </Button>
        <Button component={Link} to="/contact" variant="default">
          Contact us
        </Button>
      </Group>
    </Stack>
  );
}
