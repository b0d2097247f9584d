import { MantineProvider, Table } from '@mantine/core';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { useConfirmDelete } from '@/components/ui/confirm-dialog';
import { FilterSelect, filterOptions, ListToolbar } from '@/components/ui/list-toolbar';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import { i18n } from '@/lib/i18n';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';

type Sort = 'name' | 'createdAt';
const KINDS = ['system', 'custom'] as const;

/** A list screen reduced to its state: the toolbar, one sortable column, a page button, and the parameters it would send. */
function ListHarness() {
  const list = useListState({ sort: 'name' as Sort, order: 'asc', filters: { kind: '' as (typeof KINDS)[number] | '' } });
  return (
    <>
      <ListToolbar list={list} searchLabel="Search" searchTestId="list-search">
        <FilterSelect
          label="Kind"
          testId="list-kind"
          allLabel="All kinds"
          options={filterOptions(KINDS, (value) => `Kind ${value}`)}
          {...list.filterProps('kind')}
        />
      </ListToolbar>
      <button type="button" onClick={() => list.setPage(3)}>
        Page 3
      </button>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <SortHeader field="createdAt" label="Created" sort={list.sort} order={list.order} onSort={list.onSort} />
          </Table.Tr>
        </Table.Thead>
      </Table>
      <output data-testid="list-params">{JSON.stringify({ ...list.params, ...list.filters })}</output>
    </>
  );
}

function renderList() {
  render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <ListHarness />
      </I18nextProvider>
    </MantineProvider>,
  );
}

const sentParams = () => JSON.parse(screen.getByTestId('list-params').textContent ?? '{}') as Record<string, unknown>;

describe('list state and toolbar', () => {
  it('starts on the first page with the screen sort, no search and every kind', () => {
    renderList();

    expect(sentParams()).toEqual({ page: 1, pageSize: PAGE_SIZE_DEFAULT, sort: 'name', order: 'asc', kind: '' });
    expect(screen.getByLabelText('Kind')).toHaveValue('');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All kinds', 'Kind system', 'Kind custom']);
  });

  it('choosing a filter from the keyboard lists its first page, and "all" lifts it again', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(sentParams()).toMatchObject({ page: 3 });

    await user.selectOptions(screen.getByLabelText('Kind'), 'custom');
    expect(sentParams()).toMatchObject({ page: 1, kind: 'custom' });

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.selectOptions(screen.getByLabelText('Kind'), 'All kinds');
    expect(sentParams()).toMatchObject({ page: 1, kind: '' });
  });

  it('typing a search goes back to the first page at once and reaches the parameters once typing pauses', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'alpha');

    expect(screen.getByTestId('list-search')).toHaveValue('alpha');
    expect(sentParams()).toMatchObject({ page: 1 });
    await waitFor(() => expect(sentParams()).toMatchObject({ page: 1, search: 'alpha' }));
  });

  it('sorting by a column goes back to the first page; a second click reverses the order', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));

    await user.click(screen.getByRole('button', { name: 'Created' }));
    expect(sentParams()).toMatchObject({ page: 1, sort: 'createdAt', order: 'asc' });
    expect(screen.getByRole('columnheader')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: /Created/ }));
    expect(sentParams()).toMatchObject({ sort: 'createdAt', order: 'desc' });
  });
});

describe('delete confirmation', () => {
  const item = { id: 'r-1', name: 'Runway' };

  it('deletes only once confirmed, then says so and closes the dialog', async () => {
    const remove = vi.fn().mockResolvedValue(undefined);
    const onDeleted = vi.fn();
    const { result } = renderHook(() => useConfirmDelete({ remove, loading: false, onDeleted }));

    act(() => result.current.ask(item));
    expect(result.current.dialogProps.opened).toBe(true);
    expect(result.current.target).toEqual(item);
    expect(remove).not.toHaveBeenCalled();

    act(() => result.current.dialogProps.onConfirm());
    await waitFor(() => expect(result.current.dialogProps.opened).toBe(false));
    expect(remove).toHaveBeenCalledExactlyOnceWith(item);
    expect(onDeleted).toHaveBeenCalledExactlyOnceWith(item);
  });

  it('cancelling deletes nothing; a refused deletion says nothing more than the api client and closes the dialog', async () => {
    const remove = vi.fn().mockRejectedValue(new Error('refused'));
    const onDeleted = vi.fn();
    const { result } = renderHook(() => useConfirmDelete({ remove, loading: false, onDeleted }));

    act(() => result.current.ask(item));
    act(() => result.current.dialogProps.onCancel());
    expect(result.current.dialogProps.opened).toBe(false);
    expect(remove).not.toHaveBeenCalled();

    act(() => result.current.ask(item));
    act(() => result.current.dialogProps.onConfirm());
    await waitFor(() => expect(result.current.dialogProps.opened).toBe(false));
    expect(remove).toHaveBeenCalledOnce();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
