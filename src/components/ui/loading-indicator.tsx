import { Loader, type LoaderProps } from '@mantine/core';

/**
 * A spinner that says what is loading: a status named by `label`, which screen readers announce. A label on Mantine's
 * bare `span` is announced by none (axe's `aria-prohibited-attr`). Beside a text that already says it, use
 * `<Loader aria-hidden />` instead.
 */
export function LoadingIndicator({ label, ...props }: { label: string } & Pick<LoaderProps, 'size'> & { 'data-testid'?: string }) {
  return <Loader {...props} role="status" aria-label={label} />;
}
