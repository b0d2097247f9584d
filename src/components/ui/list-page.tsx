import type { ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCan, type Permission } from '@/lib/authorization';
import { PageHeader } from './page-header';

export interface ListPageAdd {
  /** Who may add a record; the button is not shown to the others. */
  permission: Permission;
  to: string;
  label: string;
  testId: string;
}

/** A list screen: its heading, the add button for those allowed to add, and the list (filters, table, pagination). */
export function ListPage({ title, add, children }: { title: string; add: ListPageAdd; children: ReactNode }) {
  const canAdd = useCan(add.permission);
  return (
    <Stack>
      <PageHeader
        title={title}
        actions={
          canAdd && (
            <Button component={Link} to={add.to} data-testid={add.testId}>
              {add.label}
            </Button>
          )
        }
      />
      {children}
    </Stack>
  );
}
