import { Paper, Text } from '@mantine/core';
import { AdminPageTitle } from './shared/admin-page-title.tsx';

/** Spec: /admin/cardinfo is a placeholder showing 'Card'. */
export default function CardInfoPage() {
  return (
    <>
      <AdminPageTitle title="Card" />
      <Paper withBorder radius="md" p="xl">
        <Text>Card</Text>
      </Paper>
    </>
  );
}
