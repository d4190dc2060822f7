import { Badge, Button, Collapse, Group, Select, SimpleGrid, Switch } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { DebouncedTextInput } from '../shared/debounced-text-input.tsx';
import type { Filter } from '../shared/list-params.ts';

/** The subscription states staff filter by (the server's `subscription` filter). */
export const subscriptionStateLabels: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
  // An inactive plan has ended (its renewal declined, a refund, or its end date reached), as
  // its badge says (`planStateWords`).
  inactive: 'Ended',
  pending_verification: 'Pending verification',
  none: 'No subscription',
};

/** Text filters by column; phone and ZIP are numeric and keep digits only. */
const fields = [
  { name: 'email', label: 'Email', digits: false },
  { name: 'firstName', label: 'First name', digits: false },
  { name: 'lastName', label: 'Last name', digits: false },
  { name: 'phone', label: 'Phone', digits: true },
  { name: 'postalCode', label: 'ZIP code', digits: true },
] as const;

interface ClientFiltersProps {
  search: string;
  filter: Filter;
  onSearch: (value: string) => void;
  onFilter: (name: string, value: string) => void;
  onClear: () => void;
}

export function ClientFilters({ search, filter, onSearch, onFilter, onClear }: ClientFiltersProps) {
  const count = Object.keys(filter).length;
  const active = Boolean(search) || count > 0;
  // On phones the column filters fold away behind a 'Filters' button so the list stays in view.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [opened, toggle] = useDisclosure(false);
  return (
    <>
      <DebouncedTextInput
        label="Search"
        placeholder="Name, email or phone"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onCommit={onSearch}
        type="search"
        mb="sm"
      />
      {phone && (
        <Button
          variant="subtle"
          size="xs"
          mb="sm"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          rightSection={count > 0 ? <Badge size="xs">{count}</Badge> : undefined}
          onClick={toggle.toggle}
          aria-expanded={opened}
          aria-controls="client-filters"
        >
          Filters
        </Button>
      )}
      <Collapse expanded={!phone || opened} id="client-filters">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 7 }} spacing="sm" mb="md">
          {fields.map((f) => (
            <DebouncedTextInput
              key={f.name}
              label={f.label}
              size="xs"
              value={filter[f.name] ?? ''}
              onCommit={(v) => onFilter(f.name, v)}
              digitsOnly={f.digits}
            />
          ))}
          <Select
            label="Subscription"
            size="xs"
            placeholder="Any"
            clearable
            data={Object.entries(subscriptionStateLabels).map(([value, label]) => ({ value, label }))}
            value={typeof filter.subscription === 'string' ? filter.subscription : null}
            onChange={(v) => onFilter('subscription', v ?? '')}
          />
          <Button variant="subtle" size="xs" mt={{ base: 0, lg: 22 }} onClick={onClear} disabled={!active}>
            Clear filters
          </Button>
        </SimpleGrid>
        {/* Deleted clients leave the list by default; staff still find them (issue 29), marked. */}
        <Group mb="md">
          <Switch
            size="xs"
            label="Show deleted clients"
            checked={filter.deleted === 'any'}
            onChange={(e) => onFilter('deleted', e.currentTarget.checked ? 'any' : '')}
          />
        </Group>
      </Collapse>
    </>
  );
}
