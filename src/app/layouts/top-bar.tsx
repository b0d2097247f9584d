import { Anchor, Box, Burger, Button, Group, Menu, ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { activeKeyOf, visibleTabs } from '../navigation';
import classes from './layouts.module.css';
import { RecordingMarker } from './recording-marker';
import { useLanguageSwitch } from './use-language';
import { UserMenu } from './user-menu';

export interface TopBarProps {
  /** Layouts with a side menu show its toggle. */
  menu?: { opened: boolean; toggle: () => void };
}

/** Spec §2: feature tabs, the recording marker, the language switch and the user menu. */
export function TopBar({ menu }: TopBarProps) {
  const { t } = useTranslation('navigation');
  const session = useSession();
  const { pathname } = useLocation();
  const switchLanguage = useLanguageSwitch();
  const tabs = session ? visibleTabs(session) : [];
  const activeTab = activeKeyOf(tabs, pathname);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        {menu && (
          <Burger
            opened={menu.opened}
            onClick={menu.toggle}
            size="sm"
            aria-label={t(menu.opened ? 'menu.close' : 'menu.open')}
            aria-expanded={menu.opened}
            aria-controls="side-menu"
            data-testid="side-menu-toggle"
          />
        )}
        <Anchor component={Link} to={paths.dashboard.getHref()} fw={700} c="inherit" underline="never" data-testid="brand">
          {t('common:appName')}
        </Anchor>
        {/* On a phone the tabs do not fit beside the brand: the current one opens the list of all. */}
        {tabs.length > 0 && (
          <Box hiddenFrom="sm" style={{ minWidth: 0 }}>
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button variant="light" size="compact-sm" rightSection={<span aria-hidden>▾</span>} data-testid="feature-tabs-compact">
                  {activeTab ? t(`tabs.${activeTab}`) : t('tabs.label')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {tabs.map((tab) => (
                  <Menu.Item
                    key={tab.key}
                    component={Link}
                    to={tab.href}
                    aria-current={tab.key === activeTab ? 'page' : undefined}
                    data-testid={`tab-compact-${tab.key}`}
                  >
                    {t(`tabs.${tab.key}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Box>
        )}
        <ScrollArea type="never" visibleFrom="sm" style={{ flex: 1, minWidth: 0 }}>
          <nav aria-label={t('tabs.label')} data-testid="feature-tabs">
            <Group gap={4} wrap="nowrap">
              {tabs.map((tab) => (
                <Link
                  key={tab.key}
                  to={tab.href}
                  className={classes.tab}
                  aria-current={tab.key === activeTab ? 'page' : undefined}
                  data-testid={`tab-${tab.key}`}
                >
                  {t(`tabs.${tab.key}`)}
                </Link>
              ))}
            </Group>
          </nav>
        </ScrollArea>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <RecordingMarker />
        <LanguageSwitch onChange={switchLanguage} />
        <UserMenu />
      </Group>
    </Group>
  );
}
