import { Group, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZES, type PageSize } from './list-params.ts';

interface ListFooterProps {
  page: number;
  lastPage: number;
  limit: PageSize;
  totalCount: number;
  rowsOnPage: number;
  onPage: (page: number) => void;
  onLimit: (limit: PageSize) => void;
}

/** Page size (10 / 25 / 50), 'x–y of n' and the pager under every admin list. */
export function ListFooter({
  page,
  lastPage,
  limit,
  totalCount,
  rowsOnPage,
  onPage,
  onLimit,
}: ListFooterProps) {
  const from = totalCount === 0 ? 0 : (page - 1) * limit + 1;
  const to = totalCount === 0 ? 0 : from + rowsOnPage - 1;
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Select
          label="Rows per page"
          aria-label="Rows per page"
          size="xs"
          w={80}
          data={PAGE_SIZES.map(String)}
          value={String(limit)}
          allowDeselect={false}
          onChange={(v) => v && onLimit(Number(v) as PageSize)}
          styles={{ label: { display: 'none' } }}
        />
        <Text size="sm" c="dimmed">
          {from}–{to} of {totalCount}
        </Text>
      </Group>
      <Pagination
        total={Math.max(1, lastPage)}
        value={Math.min(page, Math.max(1, lastPage))}
        onChange={onPage}
        size="sm"
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      />
    </Group>
  );
}
