import { Pagination, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyListState, LoadingState } from './list-states';

interface PagedTableProps<T> {
  /** The list query: loading, failed, or a page of items with the total. */
  state: { isPending: boolean; isError: boolean; data?: { items: T[]; total: number; pageSize: number } };
  page: number;
  onPage: (page: number) => void;
  labels: { loadFailed: string; empty: string; caption: (total: number) => string; pagination: string };
  minWidth: number;
  testId: string;
  head: ReactNode;
  renderRow: (item: T) => ReactNode;
}

/** A server-paginated table with its loading, failure and empty states: every back-office list uses it. */
export function PagedTable<T>({ state, page, onPage, labels, minWidth, testId, head, renderRow }: PagedTableProps<T>) {
  const { t } = useTranslation('common');
  if (state.isPending) return <LoadingState />;
  if (state.isError || !state.data) {
    return (
      <Text c="red" role="alert">
        {labels.loadFailed}
      </Text>
    );
  }
  if (state.data.items.length === 0) return <EmptyListState label={labels.empty} />;
  const pageCount = Math.max(1, Math.ceil(state.data.total / state.data.pageSize));
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped highlightOnHover data-testid={testId}>
          <Table.Caption>{labels.caption(state.data.total)}</Table.Caption>
          <Table.Thead>{head}</Table.Thead>
          <Table.Tbody>{state.data.items.map(renderRow)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pageCount > 1 && (
        <Pagination
          value={page}
          onChange={onPage}
          total={pageCount}
          aria-label={labels.pagination}
          getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('pager.page', { page: item }) })}
        />
      )}
    </>
  );
}
