import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import type { SortOrder } from './sort-header';

const SEARCH_DEBOUNCE_MS = 300;
const SORT_ORDERS: readonly SortOrder[] = ['asc', 'desc'];

/** What the list screens filter by: a text or an enumerated value ('' for "all"), a flag, several values, or a choice that may be none. */
type FilterValue = string | boolean | readonly string[] | null;
// Loose, as it was: a tighter constraint would infer `deleted: false` as the literal `false`.
type ListFilters = Record<string, unknown>;
type NoFilters = Record<never, never>;

type TextFilterKey<F extends ListFilters> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];
type Choice<V> = V extends readonly (infer E)[] ? E : Exclude<V, ''>;
type FilterChoices<F extends ListFilters> = {
  [K in keyof F]?: F[K] extends string | readonly string[] ? readonly Choice<F[K]>[] : never;
};

interface ListOptions<F extends ListFilters> {
  /** The screen's own filters with their initial values ('' for "all"), each kept in the address under its name. */
  filters?: F;
  /** The values an enumerated filter takes: any other value in the address falls back to the filter's initial value. */
  choices?: FilterChoices<F>;
}

interface SortedListOptions<S extends string, F extends ListFilters> extends ListOptions<F> {
  /** The sorts the list endpoint takes: any other sort in the address falls back to `sort`. */
  sorts: readonly S[];
  sort: NoInfer<S>;
  order: SortOrder;
}

interface Snapshot {
  page: number;
  search: string;
  sort: string | undefined;
  order: SortOrder | undefined;
  filters: ListFilters;
}

interface ListState<F extends ListFilters> {
  page: number;
  setPage: (page: number) => void;
  search: string;
  setSearch: (value: string) => void;
  filters: F;
  setFilter: <K extends keyof F>(key: K, value: F[K]) => void;
  /** The value and change handler of a filter select. */
  filterProps: <K extends TextFilterKey<F>>(key: K) => { value: F[K]; onChange: (value: F[K]) => void };
  /** The paging and search parameters every list endpoint takes. */
  params: { page: number; pageSize: number; search: string | undefined };
}

/** What the implementation returns for both kinds of list: sorted ones fill every field. */
interface Sorting {
  sort: string;
  order: SortOrder;
  onSort: (sort: string, order: SortOrder) => void;
  params: ListState<ListFilters>['params'] & { sort?: string; order?: SortOrder };
}

interface SortedListState<S extends string, F extends ListFilters> extends ListState<F> {
  sort: S;
  order: SortOrder;
  onSort: (sort: S, order: SortOrder) => void;
  /** The paging, search and sort parameters every sorted list endpoint takes. */
  params: ListState<F>['params'] & { sort: S; order: SortOrder };
}

const PAGE_KEY = 'page';
const SEARCH_KEY = 'search';
const SORT_KEY = 'sort';
const ORDER_KEY = 'order';

function readFilter(address: URLSearchParams, key: string, initial: FilterValue, choices: readonly string[] | undefined): FilterValue {
  const allowed = (value: string) => !choices || choices.includes(value);
  if (Array.isArray(initial)) {
    const values = address.getAll(key).filter(allowed);
    return values.length ? [...new Set(values)] : initial;
  }
  const value = address.get(key);
  if (value === null) return initial;
  if (typeof initial === 'boolean') return value === 'true' ? true : value === 'false' ? false : initial;
  return value !== '' && allowed(value) ? value : initial;
}

function writeFilter(address: URLSearchParams, key: string, value: FilterValue, initial: FilterValue) {
  if (Array.isArray(value)) {
    if (value.join() !== (initial as readonly string[]).join()) value.forEach((each) => address.append(key, each));
  } else if (value !== initial && value !== null && value !== '') address.set(key, String(value));
}

/**
 * What a server-paginated list keeps in the address (`?page=2&search=…&sort=…&order=…&<filter>=…`), so that Back, a
 * reload or a shared link finds the list where it was: values at their default are left out, values the list does not
 * know fall back to their default. A filter, sort or page change is a new history entry; typing a search replaces the
 * current one. Any change of what is listed (search, filter, sort) goes back to the first page; the search reaches
 * the server once typing pauses.
 */
export function useListState<S extends string, F extends ListFilters = NoFilters>(options: SortedListOptions<S, F>): SortedListState<S, F>;
export function useListState<F extends ListFilters = NoFilters>(options: ListOptions<F>): ListState<F>;
export function useListState(options: Partial<SortedListOptions<string, ListFilters>>): ListState<ListFilters> & Partial<Sorting> {
  const initialFilters = options.filters ?? {};
  const choices: Record<string, readonly string[] | undefined> = options.choices ?? {};
  const [address, setAddress] = useSearchParams();

  const read = (from: URLSearchParams): Snapshot => {
    const page = from.get(PAGE_KEY) ?? '';
    const sort = from.get(SORT_KEY);
    const order = from.get(ORDER_KEY);
    return {
      page: /^[1-9]\d{0,8}$/.test(page) ? Number(page) : 1,
      search: from.get(SEARCH_KEY) ?? '',
      sort: options.sorts?.find((each) => each === sort) ?? options.sort,
      order: options.sorts ? (SORT_ORDERS.find((each) => each === order) ?? options.order) : undefined,
      filters: Object.fromEntries(
        Object.entries(initialFilters).map(([key, initial]) => [key, readFilter(from, key, initial as FilterValue, choices[key])]),
      ),
    };
  };

  /** The list's part of the address, the screen's own parameters (`?view=`, `?missionId=`) left as they are. */
  const write = (next: Snapshot, into: URLSearchParams) => {
    [PAGE_KEY, SEARCH_KEY, SORT_KEY, ORDER_KEY, ...Object.keys(initialFilters)].forEach((key) => into.delete(key));
    if (next.page !== 1) into.set(PAGE_KEY, String(next.page));
    if (next.search) into.set(SEARCH_KEY, next.search);
    if (next.sort !== options.sort && next.sort) into.set(SORT_KEY, next.sort);
    if (next.order !== options.order && next.order) into.set(ORDER_KEY, next.order);
    Object.entries(initialFilters).forEach(([key, initial]) =>
      writeFilter(into, key, next.filters[key] as FilterValue, initial as FilterValue),
    );
    return into;
  };
  const keyOf = (snapshot: Snapshot) => write(snapshot, new URLSearchParams()).toString();

  // The screen answers from its own copy at once (a typed character must not wait for the router); the address
  // follows, and the copy follows the address when something else moves it (Back, Forward, a link).
  const [state, setState] = useState(() => read(address));
  const latest = useRef(state);
  latest.current = state;
  const pending = useRef<string[]>([]);
  const addressKey = keyOf(read(address));
  // Only a new list address is news: the address object, the options and these helpers are new on every render.
  const followAddress = useEffectEvent((key: string) => {
    const written = pending.current.indexOf(key);
    if (written >= 0) {
      pending.current.splice(0, written + 1);
      return;
    }
    pending.current = [];
    if (key !== keyOf(latest.current)) setState(read(address));
  });
  useEffect(() => followAddress(addressKey), [addressKey]);

  const [debouncedSearch] = useDebouncedValue(state.search, SEARCH_DEBOUNCE_MS);

  const change = (update: Partial<Snapshot>, replace = false) => {
    const next = { ...latest.current, ...update };
    const key = keyOf(next);
    if (key === keyOf(latest.current)) return;
    latest.current = next;
    setState(next);
    pending.current.push(key);
    setAddress((current) => write(next, new URLSearchParams(current)), { replace });
  };
  const setFilter = (key: string, value: unknown) => change({ filters: { ...latest.current.filters, [key]: value }, page: 1 });

  return {
    page: state.page,
    setPage: (page: number) => change({ page }),
    search: state.search,
    setSearch: (search: string) => change({ search, page: 1 }, true),
    filters: state.filters,
    setFilter,
    filterProps: (key: string) => ({ value: state.filters[key], onChange: (value: unknown) => setFilter(key, value) }),
    sort: state.sort,
    order: state.order,
    onSort: (sort: string, order: SortOrder) => change({ sort, order, page: 1 }),
    params: {
      page: state.page,
      pageSize: PAGE_SIZE_DEFAULT,
      search: debouncedSearch || undefined,
      ...(options.sorts && { sort: state.sort, order: state.order }),
    },
  };
}
