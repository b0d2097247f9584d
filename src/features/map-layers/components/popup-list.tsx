import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';

/**
 * The frame of a map popup listing what lies under the pointer: it scrolls when the items are many, and is focusable,
 * so a keyboard can scroll it too.
 */
export function PopupList({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap={8} maw={280} mah={320} style={{ overflowY: 'auto' }} tabIndex={0} role="region" aria-label={label} data-testid={testId}>
      {children}
    </Stack>
  );
}
