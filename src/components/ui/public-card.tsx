import type { ReactNode } from 'react';
import { Paper, Stack } from '@mantine/core';
import { PageHeader } from './page-header';

/** The card the signed-out screens (login, sign up, password…) sit in. */
export function PublicCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={520} mx="auto">
      <Stack>
        <PageHeader title={title} />
        {children}
        {footer}
      </Stack>
    </Paper>
  );
}
