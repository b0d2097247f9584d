import type { ReactNode } from 'react';
import { Group, NativeSelect, TextInput } from '@mantine/core';

interface ListToolbarProps {
  /** The search of the list, as `useListState` keeps it. */
  list: { search: string; setSearch: (value: string) => void };
  searchLabel: string;
  searchDescription?: string;
  searchTestId?: string;
  /** The screen's own filters, after the search box. */
  children?: ReactNode;
}

/** The search box and filters above a back-office list; what they change comes from `useListState`. */
export function ListToolbar({ list, searchLabel, searchDescription, searchTestId, children }: ListToolbarProps) {
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        label={searchLabel}
        description={searchDescription}
        type="search"
        data-testid={searchTestId}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
      />
      {children}
    </Group>
  );
}

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

interface FilterSelectProps<V extends string> {
  label: string;
  /** The first choice, which lists everything ('' as value). */
  allLabel: string;
  options: readonly FilterOption<V>[];
  value: V | '';
  onChange: (value: V | '') => void;
  testId?: string;
}

/** A native select filtering a list, "all" first; native so that the keyboard and screen readers work as usual. */
export function FilterSelect<V extends string>({ label, allLabel, options, value, onChange, testId }: FilterSelectProps<V>) {
  return (
    <NativeSelect
      label={label}
      data-testid={testId}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as V | '')}
      data={[{ value: '', label: allLabel }, ...options]}
    />
  );
}

/** The options of a filter select from a list of values and how each is named. */
export function filterOptions<V extends string>(values: readonly V[], labelOf: (value: V) => string): FilterOption<V>[] {
  return values.map((value) => ({ value, label: labelOf(value) }));
}
