import { useState } from 'react';
import { ActionIcon, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';

/** How long the typed text rests before the server is asked for matching accounts. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface PickedAccount {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

interface AccountPickerProps<A extends PickedAccount> {
  accounts: A[];
  onChange: (accounts: A[]) => void;
  /** The accounts the server finds for the typed text (a react-query hook, the same at every render). */
  useCandidates: (search: string) => { data?: A[] };
  labels: { add: string; hint?: string; placeholder: string; noneFound: string; none: string; remove: (email: string) => string };
  /** Test ids of the search box, the table and each of its rows. */
  testIds: { search: string; table: string; row: string };
}

/** An account as the pickers list it: `Last First <email>`. */
export const accountLabel = (account: PickedAccount) => `${account.lastName} ${account.firstName} <${account.email}>`;

/** A list of accounts (an airspace's managers, a group's members) grown from a server search and shrunk row by row. */
export function AccountPicker<A extends PickedAccount>({ accounts, onChange, useCandidates, labels, testIds }: AccountPickerProps<A>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const found = useCandidates(debounced);
  const candidates = (found.data ?? []).filter((user) => !accounts.some((account) => account.id === user.id));
  return (
    <Stack gap="xs">
      <Select
        label={labels.add}
        description={labels.hint}
        placeholder={labels.placeholder}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        value={null}
        nothingFoundMessage={debounced.trim() ? labels.noneFound : undefined}
        filter={({ options }) => options}
        data={candidates.map((user) => ({ value: user.id, label: accountLabel(user) }))}
        onChange={(id) => {
          const user = candidates.find((candidate) => candidate.id === id);
          if (user) onChange([...accounts, user]);
          setSearch('');
        }}
        data-testid={testIds.search}
      />
      {accounts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {labels.none}
        </Text>
      ) : (
        <Table data-testid={testIds.table}>
          <Table.Tbody>
            {accounts.map((account) => (
              <Table.Tr key={account.id} data-testid={testIds.row}>
                <Table.Td>
                  {account.lastName} {account.firstName}
                </Table.Td>
                <Table.Td>{account.email}</Table.Td>
                <Table.Td w={40}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={labels.remove(account.email)}
                    onClick={() => onChange(accounts.filter((each) => each.id !== account.id))}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
