import { Fragment } from 'react';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { initialsOf } from '@/lib/format';
import { useSession } from '@/lib/session';
import { userMenuLinks } from '../navigation';

/** The user's initials and name; opens the links of spec §2 the user's rights allow. */
export function UserMenu() {
  const { t } = useTranslation('navigation');
  const session = useSession();
  if (!session) return null;
  const links = userMenuLinks(session);
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* Named by what it shows, then what it is (WCAG 2.5.3, label in name): "OO Olivier Operator, user menu". */}
        <UnstyledButton data-testid="user-menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar color="blue" radius="xl" size="sm" data-testid="user-initials">
              {initialsOf(session.name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" data-testid="user-name">
              {session.name}
            </Text>
          </Group>
          <VisuallyHidden>{t('userMenu.label')}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{session.email}</Menu.Label>
        {links.map((link) => (
          <Fragment key={link.key}>
            {link.key === 'logout' && <Menu.Divider />}
            <Menu.Item
              component={Link}
              to={link.href}
              data-testid={`user-menu-${link.key}`}
              color={link.key === 'logout' ? 'red' : undefined}
            >
              {t(`userMenu.${link.key}`)}
            </Menu.Item>
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
