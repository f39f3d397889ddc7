import { Box, Flex } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { queryClient } from '../app/query-client';
import { DASHBOARD_ROUTE, isFullWindowPath, resolvePath } from '../app/route-model';
import { usePermittedRoutes } from '../app/use-permitted-routes';
import { deviceForWidth, useAppStore } from '../stores/app-store';
import { useSettingsStore } from '../stores/settings-store';
import { useTagsStore } from '../stores/tags-store';
import { AppMain } from './app-main';
import { BackToTop } from './back-to-top';
import { Navbar } from './navbar';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, Sidebar } from './sidebar';
import { TagsView } from './tags-view';

const SidebarDrawer = lazy(() => import('./sidebar-drawer'));

/** Tracks the device class (SPEC §9: below 992 px is mobile, where the sidebar starts closed). */
function useDevice() {
  const setDevice = useAppStore((state) => state.setDevice);
  const closeSidebar = useAppStore((state) => state.closeSidebar);
  useEffect(() => {
    const update = () => {
      const device = deviceForWidth(document.body.getBoundingClientRect().width);
      const previous = useAppStore.getState().device;
      if (device !== previous) setDevice(device);
      if (device === 'mobile' && previous !== 'mobile') closeSidebar(true);
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [closeSidebar, setDevice]);
}

/** Opens a tab for each page shown; the dashboard tab is pinned. */
function useTags() {
  const location = useLocation();
  const { byPath } = usePermittedRoutes();
  const addView = useTagsStore((state) => state.addView);
  useEffect(() => {
    addView({
      path: DASHBOARD_ROUTE.path,
      fullPath: DASHBOARD_ROUTE.path,
      titleKey: DASHBOARD_ROUTE.titleKey,
      affix: true,
    });
  }, [addView]);
  useEffect(() => {
    const resolution = resolvePath(location.pathname, byPath);
    if (resolution.kind !== 'view') return;
    const { route } = resolution;
    addView({
      path: route.path,
      fullPath: `${location.pathname}${location.search}`,
      titleKey: route.titleKey,
      noCache: route.noCache,
      affix: route.path === DASHBOARD_ROUTE.path,
    });
  }, [addView, byPath, location.pathname, location.search]);
}

function LayoutFrame() {
  useDevice();
  useTags();
  const { pathname } = useLocation();
  const mobile = useAppStore((state) => state.device === 'mobile');
  const opened = useAppStore((state) => state.sidebar.opened);
  const withoutAnimation = useAppStore((state) => state.sidebar.withoutAnimation);
  const closeSidebar = useAppStore((state) => state.closeSidebar);
  const tagsView = useSettingsStore((state) => state.tagsView);
  const fixedHeader = useSettingsStore((state) => state.fixedHeader);
  const scroller = useRef<HTMLDivElement>(null);
  // Youzan opens decoration full width: on such a page the sidebar leaves the row and the hamburger
  // shows it as a drawer over the page, without changing the remembered desktop state.
  const fullWindow = !mobile && isFullWindowPath(pathname);
  const [peeking, setPeeking] = useState(false);

  // SPEC §4: on a phone the sidebar closes after each route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each route change by design
  useEffect(() => {
    if (useAppStore.getState().device === 'mobile' && useAppStore.getState().sidebar.opened)
      closeSidebar(false);
    setPeeking(false);
  }, [pathname, closeSidebar]);

  const sidebarWidth = opened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;

  return (
    <Flex
      height="100vh"
      overflow="hidden"
      bg="#f0f2f5"
      data-device={mobile ? 'mobile' : 'desktop'}
      data-full-window={fullWindow || undefined}
    >
      {mobile || fullWindow ? (
        <Suspense fallback={null}>
          <SidebarDrawer
            open={fullWindow ? peeking : opened}
            onClose={() => (fullWindow ? setPeeking(false) : closeSidebar(false))}
          />
        </Suspense>
      ) : (
        <Box
          width={`${sidebarWidth}px`}
          flexShrink={0}
          height="100vh"
          transition={withoutAnimation ? undefined : 'width 0.28s'}
          overflow="hidden"
        >
          <Sidebar collapsed={!opened} />
        </Box>
      )}
      <Box
        ref={scroller}
        flex="1"
        minWidth="0"
        height="100vh"
        overflowY="auto"
        position="relative"
        data-testid="main-container"
      >
        <Box
          position={fixedHeader ? 'sticky' : 'relative'}
          top="0"
          zIndex="docked"
          data-testid="header-block"
        >
          <Navbar
            sidebarDrawer={
              fullWindow ? { open: peeking, toggle: () => setPeeking((value) => !value) } : undefined
            }
          />
          {tagsView && <TagsView />}
        </Box>
        <AppMain scrollContainer={scroller} />
        <BackToTop container={scroller} />
      </Box>
    </Flex>
  );
}

/** The application shell around every menu page (SPEC §2 "Layout"). */
export function Layout() {
  return (
    <QueryClientProvider client={queryClient}>
      <LayoutFrame />
    </QueryClientProvider>
  );
}
