import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './admin-table.module.css';

interface SortableThProps {
  children: ReactNode;
  /** 'asc' | 'desc' when this column sorts the list, else undefined. */
  direction: 'asc' | 'desc' | undefined;
  onSort: () => void;
}

/** A column header that is a real button (keyboard and screen reader) and reports aria-sort. */
export function SortableTh({ children, direction, onSort }: SortableThProps) {
  const Icon = direction === 'asc' ? IconChevronUp : direction === 'desc' ? IconChevronDown : IconSelector;
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  return (
    <Table.Th aria-sort={ariaSort} className={classes.sortTh}>
      <UnstyledButton onClick={onSort} className={classes.sortButton}>
        <Group gap={4} wrap="nowrap" justify="space-between">
          {/* The table's own size: a dense (xs) table's sortable headers match its other headers. */}
          <Text fw={600} inherit component="span">
            {children}
          </Text>
          <Icon size={14} stroke={1.8} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
