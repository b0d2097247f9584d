import { Table, UnstyledButton } from '@mantine/core';

export type SortOrder = 'asc' | 'desc';

export interface SortHeaderProps<S extends string> {
  field: S;
  label: string;
  sort: S;
  order: SortOrder;
  onSort: (field: S, order: SortOrder) => void;
}

/** A table header that sorts the server-side list by its column; a second click reverses the order. */
export function SortHeader<S extends string>({ field, label, sort, order, onSort }: SortHeaderProps<S>) {
  const active = sort === field;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton fw={600} onClick={() => onSort(field, active && order === 'asc' ? 'desc' : 'asc')}>
        {label}
        {active && <span aria-hidden>{order === 'asc' ? ' ▲' : ' ▼'}</span>}
      </UnstyledButton>
    </Table.Th>
  );
}
