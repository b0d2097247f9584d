import type { MouseEvent, ReactNode } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';

/** Where a screen goes next: React Router's `navigate` in the app, the hand-over to it on the first screen. */
export type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

/**
 * A link followed by `navigate` on a plain click, by the browser otherwise (a new tab, a download), as React Router's
 * `Link` does; the screens the first screen shares with the app use it, since that screen draws without the router.
 */
export function ScreenLink({
  to,
  navigate,
  children,
  ...props
}: AnchorProps & { to: string; navigate: Navigate; children: ReactNode; 'data-testid'?: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <Anchor href={to} onClick={follow} {...props}>
      {children}
    </Anchor>
  );
}
