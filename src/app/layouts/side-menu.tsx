import type { KeyboardEvent } from 'react';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useStatus } from '@/features/system/api/get-status';
import { useSession } from '@/lib/session';
import { activeKeyOf, contextUserIdOf, visibleMenuEntries, type MenuEntry, type MenuSection } from '../navigation';

const SECTIONS: MenuSection[] = ['operations', 'administration', 'mySpace'];

/** Arrow keys, Home and End move between the menu's enabled entries. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-menu-item]:not([disabled])'));
  if (!items.length) return;
  event.preventDefault();
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : event.key === 'ArrowDown'
          ? (index + 1) % items.length
          : (index - 1 + items.length) % items.length;
  items[next]?.focus();
}

/** The vertical back-office menu of spec §2: entries gated by right, with active and disabled states. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('navigation');
  const session = useSession();
  const { pathname } = useLocation();
  const { data: status } = useStatus();
  if (!session) return null;

  const entries = visibleMenuEntries({
    session,
    devicesEmailDomain: status?.devicesEmailDomain ?? null,
    contextUserId: contextUserIdOf(pathname),
  });
  const activeKey = activeKeyOf(
    entries.filter((entry) => !entry.disabled),
    pathname,
  );

  const renderEntry = (entry: MenuEntry) => {
    const label = t(`menu.${entry.key}`);
    if (entry.disabled) {
      return (
        <NavLink
          key={entry.key}
          // NavLink only styles `disabled`; the native attribute takes the entry out of the tab order.
          renderRoot={(props) => <button {...props} type="button" disabled />}
          disabled
          label={label}
          description={t('menu.needsUser')}
          data-testid={`menu-${entry.key}`}
          data-menu-item
        />
      );
    }
    return (
      <NavLink
        key={entry.key}
        component={Link}
        to={entry.href}
        label={label}
        active={entry.key === activeKey}
        aria-current={entry.key === activeKey ? 'page' : undefined}
        data-testid={`menu-${entry.key}`}
        data-menu-item
        onClick={onNavigate}
      />
    );
  };

  return (
    <ScrollArea type="auto" h="100%">
      <nav aria-label={t('menu.label')} data-testid="side-menu">
        {/* The arrow keys move between the links: their key events bubble to the list. */}
        <Stack gap="md" py="sm" onKeyDown={moveFocus}>
          {SECTIONS.map((section) => {
            const sectionEntries = entries.filter((entry) => entry.section === section);
            if (!sectionEntries.length) return null;
            const headingId = `menu-section-${section}`;
            return (
              <section key={section} aria-labelledby={headingId}>
                <Text id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
                  {t(`menu.sections.${section}`)}
                </Text>
                <div role="list">
                  {sectionEntries.map((entry) => (
                    <div role="listitem" key={entry.key}>
                      {renderEntry(entry)}
                    </div>
                  ))}
                </div>
              </section>
            );
          })}
        </Stack>
      </nav>
    </ScrollArea>
  );
}
