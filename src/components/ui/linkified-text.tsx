import { Fragment } from 'react';
import { Anchor } from '@mantine/core';

const URL_PATTERN = /(https?:\/\/[^\s<>"')\]]+)/g;

function isSameOrigin(url: string): boolean {
  try {
    return new URL(url).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Plain text with its http(s) links made clickable; nothing else is interpreted (no HTML). Links to this
 * application (an activation link in an e-mail) open in place; others in a new tab.
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) => {
        if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
        return isSameOrigin(part) ? (
          <Anchor key={index} href={part}>
            {part}
          </Anchor>
        ) : (
          <Anchor key={index} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </Anchor>
        );
      })}
    </>
  );
}
