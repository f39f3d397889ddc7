import { Box, chakra, Flex, Menu, Portal, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { activeMenuPath, DASHBOARD_ROUTE, routeTitleKey } from '../app/route-model';
import { usePermittedRoutes } from '../app/use-permitted-routes';
import { useSettingsStore } from '../stores/settings-store';
import { ChevronDownIcon, MenuItemIcon } from './icons';
import { groupLinks, openGroupsFor, type SidebarEntry, sidebarEntries } from './menu-model';

export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 54;
const ITEM_HEIGHT = '56px';

function useEntries() {
  const { tree, byPath } = usePermittedRoutes();
  const entries = useMemo(() => sidebarEntries([DASHBOARD_ROUTE, ...tree]), [tree]);
  return { entries, byPath };
}

function Logo({ collapsed }: { collapsed: boolean }) {
  const intl = useIntl();
  return (
    <RouterLink to="/dashboard" aria-label={intl.formatMessage({ id: 'app.title' })}>
      <Flex
        height="50px"
        align="center"
        justify="center"
        gap="2.5"
        bg="#2b2f3a"
        paddingX="3"
        overflow="hidden"
      >
        <Flex
          width="8"
          height="8"
          borderRadius="md"
          bg="brand.500"
          color="white"
          align="center"
          justify="center"
          fontWeight="bold"
          flexShrink={0}
          aria-hidden="true"
        >
          M
        </Flex>
        {!collapsed && (
          <Text color="white" fontWeight="semibold" fontSize="xs" lineHeight="1.25" lineClamp={2}>
            {intl.formatMessage({ id: 'app.title' })}
          </Text>
        )}
      </Flex>
    </RouterLink>
  );
}

const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  width: 'full',
  minHeight: ITEM_HEIGHT,
  paddingEnd: '4',
  fontSize: 'sm',
  textAlign: 'start',
  cursor: 'pointer',
  transition: 'background 0.2s',
  _hover: { bg: 'sidebar.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.onDark', outlineOffset: '-2px' },
} as const;

function EntryList({
  entries,
  depth,
  active,
  open,
  toggle,
  onNavigate,
}: {
  entries: readonly SidebarEntry[];
  depth: number;
  active: string;
  open: ReadonlySet<string>;
  toggle: (path: string) => void;
  onNavigate?: () => void;
}) {
  const intl = useIntl();
  return (
    <chakra.ul listStyleType="none" margin="0" padding="0" bg={depth > 0 ? 'sidebar.submenu' : undefined}>
      {entries.map((entry) => {
        const title = intl.formatMessage({ id: routeTitleKey(entry.titleKey) });
        const indent = `${20 + depth * 20}px`;
        if (entry.kind === 'link') {
          const current = entry.path === active;
          return (
            <li key={entry.path}>
              <Box
                asChild
                {...itemStyle}
                paddingStart={indent}
                color={current ? 'brand.onDark' : 'sidebar.text'}
                fontWeight={current ? 'semibold' : 'normal'}
                bg={current && depth > 0 ? '#001528' : undefined}
              >
                <RouterLink to={entry.path} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
                  <MenuItemIcon name={entry.icon} boxSize="4" flexShrink={0} />
                  <Text as="span" lineClamp={2} lineHeight="1.3" paddingY="1.5">
                    {title}
                  </Text>
                </RouterLink>
              </Box>
            </li>
          );
        }
        const expanded = open.has(entry.path);
        const containsActive = active === entry.path || active.startsWith(`${entry.path}/`);
        return (
          <li key={entry.path}>
            <chakra.button
              type="button"
              {...itemStyle}
              paddingStart={indent}
              color={containsActive ? 'white' : 'sidebar.text'}
              aria-expanded={expanded}
              onClick={() => toggle(entry.path)}
            >
              <MenuItemIcon name={entry.icon} boxSize="4" flexShrink={0} />
              {/* Long English titles ("Added-value services") take two lines rather than an ellipsis. */}
              <Text as="span" flex="1" lineClamp={2} lineHeight="1.3" paddingY="1.5">
                {title}
              </Text>
              <ChevronDownIcon
                boxSize="3.5"
                transition="transform 0.2s"
                transform={expanded ? 'rotate(180deg)' : undefined}
              />
            </chakra.button>
            {expanded && (
              <EntryList
                entries={entry.children}
                depth={depth + 1}
                active={active}
                open={open}
                toggle={toggle}
                onNavigate={onNavigate}
              />
            )}
          </li>
        );
      })}
    </chakra.ul>
  );
}

/** The collapsed sidebar: icons only; a group opens its links in a menu beside it. */
function CollapsedList({ entries, active }: { entries: readonly SidebarEntry[]; active: string }) {
  const intl = useIntl();
  return (
    <chakra.ul listStyleType="none" margin="0" padding="0">
      {entries.map((entry) => {
        const title = intl.formatMessage({ id: routeTitleKey(entry.titleKey) });
        const containsActive = active === entry.path || active.startsWith(`${entry.path}/`);
        const color = containsActive ? 'brand.onDark' : 'sidebar.text';
        if (entry.kind === 'link') {
          return (
            <li key={entry.path}>
              <Box asChild {...itemStyle} justifyContent="center" paddingEnd="0" color={color} title={title}>
                <RouterLink
                  to={entry.path}
                  aria-label={title}
                  aria-current={entry.path === active ? 'page' : undefined}
                >
                  <MenuItemIcon name={entry.icon} boxSize="4.5" />
                </RouterLink>
              </Box>
            </li>
          );
        }
        return (
          <li key={entry.path}>
            <Menu.Root positioning={{ placement: 'right-start', gutter: 4 }}>
              <Menu.Trigger asChild>
                <chakra.button
                  type="button"
                  {...itemStyle}
                  justifyContent="center"
                  paddingEnd="0"
                  color={color}
                  aria-label={title}
                >
                  <MenuItemIcon name={entry.icon} boxSize="4.5" />
                </chakra.button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content
                    bg="sidebar.bg"
                    borderColor="sidebar.submenu"
                    minWidth="48"
                    maxHeight="80vh"
                    overflowY="auto"
                  >
                    <Menu.ItemGroup>
                      <Menu.ItemGroupLabel color="white">{title}</Menu.ItemGroupLabel>
                      {groupLinks(entry).map((link) => (
                        <Menu.Item
                          key={link.path}
                          value={link.path}
                          asChild
                          color={link.path === active ? 'brand.onDark' : 'sidebar.text'}
                          _highlighted={{ bg: 'sidebar.hover' }}
                          paddingStart={`${12 + link.depth * 12}px`}
                        >
                          <RouterLink to={link.path}>
                            {intl.formatMessage({ id: routeTitleKey(link.titleKey) })}
                          </RouterLink>
                        </Menu.Item>
                      ))}
                    </Menu.ItemGroup>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </li>
        );
      })}
    </chakra.ul>
  );
}

export function Sidebar({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const { entries, byPath } = useEntries();
  const showLogo = useSettingsStore((state) => state.sidebarLogo);
  const active = activeMenuPath(pathname, byPath);
  const [open, setOpen] = useState<Set<string>>(() => new Set(openGroupsFor(active, entries)));
  useEffect(() => {
    const needed = openGroupsFor(active, entries);
    setOpen((current) =>
      needed.every((path) => current.has(path)) ? current : new Set([...current, ...needed]),
    );
  }, [active, entries]);
  const toggle = (path: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  return (
    <Flex direction="column" height="full" bg="sidebar.bg" data-testid="sidebar">
      {showLogo && <Logo collapsed={collapsed} />}
      <Box
        as="nav"
        aria-label={intl.formatMessage({ id: 'navbar.sidebar' })}
        flex="1"
        overflowY="auto"
        overflowX="hidden"
      >
        {collapsed ? (
          <CollapsedList entries={entries} active={active} />
        ) : (
          <EntryList
            entries={entries}
            depth={0}
            active={active}
            open={open}
            toggle={toggle}
            onNavigate={onNavigate}
          />
        )}
      </Box>
    </Flex>
  );
}
