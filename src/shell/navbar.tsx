import { Avatar, Badge, Box, Flex, HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { queryClient } from '../app/query-client';
import { showToast } from '../app/toaster';
import { unbindWechatRef } from '../lib/auth-endpoints';
import { callEndpoint } from '../lib/http';
import { useAppStore } from '../stores/app-store';
import { confirmDialog } from '../stores/dialog-store';
import { useErrorLogStore } from '../stores/error-log-store';
import { useSessionStore } from '../stores/session-store';
import { useSettingsStore } from '../stores/settings-store';
import type { AccountDialog } from './account-dialogs';
import { AppBreadcrumb } from './breadcrumb';
import { FullscreenButton } from './fullscreen-button';
import { BugIcon, ChevronDownIcon, FoldIcon, MenuIcon, SearchIcon } from './icons';
import { LanguageMenu } from './language-menu';
import { SettingsPanel } from './settings-panel';
import { SizeMenu } from './size-menu';

const AccountDialogs = lazy(() => import('./account-dialogs'));
const HeaderSearch = lazy(() => import('./header-search'));
const ErrorLogDialog = lazy(() => import('./error-log-dialog'));

/** The sidebar shown as a drawer over a full-window page, instead of the remembered sidebar state. */
export interface SidebarDrawer {
  open: boolean;
  toggle: () => void;
}

function Hamburger({ drawer }: { drawer?: SidebarDrawer }) {
  const intl = useIntl();
  const storeOpened = useAppStore((state) => state.sidebar.opened);
  const storeToggle = useAppStore((state) => state.toggleSidebar);
  const opened = drawer ? drawer.open : storeOpened;
  const toggle = drawer ? drawer.toggle : storeToggle;
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={intl.formatMessage({ id: 'navbar.toggleSidebar' })}
      aria-expanded={opened}
      onClick={toggle}
      data-testid="hamburger"
    >
      {opened ? <FoldIcon boxSize="5" /> : <MenuIcon boxSize="5" />}
    </IconButton>
  );
}

function ErrorLogButton() {
  const intl = useIntl();
  const count = useErrorLogStore((state) => state.logs.length);
  const [open, setOpen] = useState(false);
  if (count === 0) return null;
  return (
    <>
      <Box position="relative">
        <IconButton
          variant="ghost"
          size="sm"
          color="red.600"
          aria-label={`${intl.formatMessage({ id: 'navbar.errorLog' })} (${count})`}
          onClick={() => setOpen(true)}
          data-testid="error-log-button"
        >
          <BugIcon boxSize="5" />
        </IconButton>
        <Badge
          position="absolute"
          top="-1"
          insetEnd="-1"
          colorPalette="red"
          variant="solid"
          size="xs"
          borderRadius="full"
          pointerEvents="none"
        >
          {count}
        </Badge>
      </Box>
      {open && (
        <Suspense fallback={null}>
          <ErrorLogDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function SearchButton() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={intl.formatMessage({ id: 'navbar.search' })}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}
        data-testid="header-search-button"
      >
        <SearchIcon boxSize="5" />
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <HeaderSearch onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function AvatarMenu() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const userName = useSessionStore((state) => state.userName);
  const avatar = useSessionStore((state) => state.avatar);
  const [dialog, setDialog] = useState<AccountDialog | null>(null);

  const unbind = async () => {
    const confirmed = await confirmDialog({
      title: intl.formatMessage({ id: 'app.prompt' }),
      message: intl.formatMessage({ id: 'wechat.confirm' }),
      confirmText: intl.formatMessage({ id: 'app.confirm' }),
      cancelText: intl.formatMessage({ id: 'app.cancel' }),
    });
    if (!confirmed) return;
    try {
      await callEndpoint(unbindWechatRef, {});
      showToast('success', intl.formatMessage({ id: 'wechat.unbound' }), 2000);
    } catch {
      // SPEC §8: the HTTP layer has shown the failure.
    }
  };
  const logout = async () => {
    const destination = await useSessionStore.getState().logout(`${location.pathname}${location.search}`);
    queryClient.clear();
    navigate(destination, { replace: true });
  };
  const onSelect = (value: string) => {
    if (value === 'dashboard') navigate('/dashboard');
    else if (value === 'unbindWechat') void unbind();
    else if (value === 'logout') void logout();
    else setDialog(value as AccountDialog);
  };

  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => onSelect(details.value)}>
        <Menu.Trigger asChild>
          <HStack
            as="button"
            gap="1.5"
            paddingX="1.5"
            paddingY="1"
            borderRadius="md"
            cursor="pointer"
            _hover={{ bg: 'bg.muted' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
            aria-label={intl.formatMessage({ id: 'navbar.account' })}
            data-testid="avatar-menu"
          >
            <Avatar.Root size="sm" shape="rounded" colorPalette="brand">
              <Avatar.Fallback name={userName} />
              {avatar && <Avatar.Image src={avatar} alt="" />}
            </Avatar.Root>
            <Text fontSize="sm" display={{ base: 'none', md: 'block' }} maxWidth="28" truncate>
              {userName}
            </Text>
            <ChevronDownIcon boxSize="3.5" />
          </HStack>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minWidth="44">
              <Menu.Item value="dashboard">{intl.formatMessage({ id: 'avatar.dashboard' })}</Menu.Item>
              <Menu.Item value="siteName">{intl.formatMessage({ id: 'avatar.siteName' })}</Menu.Item>
              <Menu.Item value="password">{intl.formatMessage({ id: 'avatar.password' })}</Menu.Item>
              <Menu.Item value="unbindWechat">{intl.formatMessage({ id: 'avatar.unbindWechat' })}</Menu.Item>
              <Menu.Item value="switchSystem">{intl.formatMessage({ id: 'avatar.switchSystem' })}</Menu.Item>
              <Menu.Separator />
              <Menu.Item value="logout" color="fg.error">
                {intl.formatMessage({ id: 'avatar.logout' })}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {dialog && (
        <Suspense fallback={null}>
          <AccountDialogs which={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}

export function Navbar({ sidebarDrawer }: { sidebarDrawer?: SidebarDrawer }) {
  const mobile = useAppStore((state) => state.device === 'mobile');
  const showSettings = useSettingsStore((state) => state.showSettings);
  return (
    <Flex
      as="header"
      height="50px"
      align="center"
      justify="space-between"
      bg="white"
      boxShadow="0 1px 4px rgba(0, 21, 41, 0.08)"
      paddingStart="2"
      paddingEnd="3"
      gap="2"
      data-testid="navbar"
    >
      <HStack gap="2" minWidth="0">
        <Hamburger drawer={sidebarDrawer} />
        <AppBreadcrumb />
      </HStack>
      <HStack gap="1" flexShrink={0}>
        <SearchButton />
        <ErrorLogButton />
        {!mobile && <FullscreenButton />}
        {!mobile && <SizeMenu />}
        <LanguageMenu />
        {showSettings && <SettingsPanel />}
        <AvatarMenu />
      </HStack>
    </Flex>
  );
}
