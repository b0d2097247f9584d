import { MantineProvider, Table } from '@mantine/core';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useConfirmDelete } from '@/components/ui/confirm-dialog';
import { FilterSelect, filterOptions, ListToolbar } from '@/components/ui/list-toolbar';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import { i18n } from '@/lib/i18n';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';

const SORTS = ['name', 'createdAt'] as const;
const KINDS = ['system', 'custom'] as const;
const LEVELS = ['low', 'high'] as const;

/**
 * A list screen reduced to its state: the toolbar, one sortable column, a page button, the parameters it would send
 * and its address. Its filters are one of each kind the list screens use: an enumerated value, a free text, a flag,
 * several values and a choice that may be none.
 */
function ListHarness() {
  const list = useListState({
    sorts: SORTS,
    sort: 'name',
    order: 'asc',
    filters: {
      kind: '' as (typeof KINDS)[number] | '',
      day: '',
      archived: false,
      levels: [] as (typeof LEVELS)[number][],
      ownerId: null as string | null,
    },
    choices: { kind: KINDS, levels: LEVELS },
  });
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
      <button type="button" onClick={() => list.setFilter('archived', true)}>
        Archived
      </button>
      <output data-testid="list-params">{JSON.stringify({ ...list.params, ...list.filters })}</output>
      <output data-testid="list-address">{useLocation().search}</output>
    </>
  );
}

/** The harness at `path` on a memory history; `/elsewhere` stands for the page the list was reached from. */
function renderList(path = '/list') {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <ListHarness /> },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/elsewhere', path] },
  );
  render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </MantineProvider>,
  );
  return router;
}

const sentParams = () => JSON.parse(screen.getByTestId('list-params').textContent ?? '{}') as Record<string, unknown>;
const address = () => screen.getByTestId('list-address').textContent;
const INITIAL_FILTERS = { kind: '', day: '', archived: false, levels: [], ownerId: null };

describe('list state and toolbar', () => {
  it('starts on the first page with the screen sort, no search and every kind', () => {
    renderList();

    expect(sentParams()).toEqual({ page: 1, pageSize: PAGE_SIZE_DEFAULT, sort: 'name', order: 'asc', ...INITIAL_FILTERS });
    expect(address()).toBe('');
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

describe('list state in the address', () => {
  it('a list opened from an address starts where the address says, and asks the server for that at once', async () => {
    renderList(
      '/list?page=4&search=alpha&sort=createdAt&order=desc&kind=custom&day=2025-06-01&archived=true&levels=high&levels=low&ownerId=u-7',
    );

    expect(await screen.findByTestId('list-search')).toHaveValue('alpha');
    expect(screen.getByLabelText('Kind')).toHaveValue('custom');
    expect(screen.getByRole('columnheader')).toHaveAttribute('aria-sort', 'descending');
    expect(sentParams()).toEqual({
      page: 4,
      pageSize: PAGE_SIZE_DEFAULT,
      search: 'alpha',
      sort: 'createdAt',
      order: 'desc',
      kind: 'custom',
      day: '2025-06-01',
      archived: true,
      levels: ['high', 'low'],
      ownerId: 'u-7',
    });
  });

  it('values the list does not know fall back to their defaults, and a value the screen cannot check is kept as it is', async () => {
    renderList('/list?page=two&sort=password&order=sideways&kind=secret&archived=maybe&levels=high&levels=huge&day=someday');

    await screen.findByTestId('list-params');
    expect(sentParams()).toEqual({
      page: 1,
      pageSize: PAGE_SIZE_DEFAULT,
      sort: 'name',
      order: 'asc',
      ...INITIAL_FILTERS,
      levels: ['high'],
      day: 'someday',
    });
    expect(screen.getByLabelText('Kind')).toHaveValue('');
  });

  it('only what differs from the defaults is written, next to the parameters the screen has of its own', async () => {
    const user = userEvent.setup();
    renderList('/list?view=calendar');
    await screen.findByTestId('list-params');

    await user.selectOptions(screen.getByLabelText('Kind'), 'custom');
    await user.click(screen.getByRole('button', { name: 'Archived' }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(address()).toBe('?view=calendar&page=3&kind=custom&archived=true'));

    await user.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(address()).toBe('?view=calendar&sort=createdAt&kind=custom&archived=true'));

    await user.selectOptions(screen.getByLabelText('Kind'), 'All kinds');
    await waitFor(() => expect(address()).toBe('?view=calendar&sort=createdAt&archived=true'));
  });

  it('Back steps through the filters, sorts and pages chosen, restoring each', async () => {
    const user = userEvent.setup();
    const router = renderList();
    await screen.findByTestId('list-params');
    await user.selectOptions(screen.getByLabelText('Kind'), 'custom');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.selectOptions(screen.getByLabelText('Kind'), 'system');
    await waitFor(() => expect(address()).toBe('?kind=system'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(sentParams()).toMatchObject({ page: 3, kind: 'custom' }));
    expect(screen.getByLabelText('Kind')).toHaveValue('custom');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(sentParams()).toMatchObject({ page: 1, kind: 'custom' }));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(sentParams()).toMatchObject({ page: 1, kind: '' }));
    expect(address()).toBe('');
  });

  it('typing a search replaces the current history entry instead of adding one a key, and Back brings the box back too', async () => {
    const user = userEvent.setup();
    const router = renderList();
    await screen.findByTestId('list-params');
    await user.selectOptions(screen.getByLabelText('Kind'), 'custom');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'alpha');
    await waitFor(() => expect(address()).toBe('?search=alpha&kind=custom'));
    await waitFor(() => expect(sentParams()).toMatchObject({ search: 'alpha' }));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(address()).toBe(''));
    expect(screen.getByTestId('list-search')).toHaveValue('');
    expect(screen.getByLabelText('Kind')).toHaveValue('');

    await act(() => router.navigate(-1));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('coming back to the list from a record finds it where it was', async () => {
    const user = userEvent.setup();
    const router = renderList();
    await screen.findByTestId('list-params');
    await user.selectOptions(screen.getByLabelText('Kind'), 'system');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(address()).toBe('?page=3&kind=system'));

    await act(() => router.navigate('/elsewhere'));
    await screen.findByText('Elsewhere');
    await act(() => router.navigate(-1));

    await waitFor(() => expect(sentParams()).toMatchObject({ page: 3, kind: 'system' }));
    expect(screen.getByLabelText('Kind')).toHaveValue('system');
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
