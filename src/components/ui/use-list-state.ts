import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import type { SortOrder } from './sort-header';

const SEARCH_DEBOUNCE_MS = 300;

type ListFilters = Record<string, unknown>;

type TextFilterKey<F extends ListFilters> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

interface ListStateOptions<S extends string, F extends ListFilters> {
  sort: S;
  order: SortOrder;
  /** The screen's own filters with their initial values ('' for "all"). */
  filters?: F;
}

/**
 * What a server-paginated list keeps while it is on screen: its page, search, sort and filters. Any change of
 * what is listed (search, filter, sort) goes back to the first page; the search reaches the server once typing pauses.
 */
export function useListState<S extends string, F extends ListFilters = Record<never, never>>(initial: ListStateOptions<S, F>) {
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<F>(initial.filters ?? ({} as F));
  const [sorting, setSorting] = useState({ sort: initial.sort, order: initial.order });

  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  const setFilter = <K extends keyof F>(key: K, value: F[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const onSort = (sort: S, order: SortOrder) => {
    setSorting({ sort, order });
    setPage(1);
  };

  return {
    page,
    setPage,
    search,
    setSearch,
    filters,
    setFilter,
    /** The value and change handler of a filter select. */
    filterProps: <K extends TextFilterKey<F>>(key: K) => ({ value: filters[key], onChange: (value: F[K]) => setFilter(key, value) }),
    sort: sorting.sort,
    order: sorting.order,
    onSort,
    /** The paging, search and sort parameters every list endpoint takes. */
    params: { page, pageSize: PAGE_SIZE_DEFAULT, search: debouncedSearch || undefined, sort: sorting.sort, order: sorting.order },
  };
}
