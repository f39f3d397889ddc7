import { Box, Skeleton, Stack } from '@chakra-ui/react';
import {
  Activity,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type RefObject,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import { type Location, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '../app/error-boundary';
import { doneProgress, startProgress } from '../app/progress';
import { RouteErrorFallback } from '../app/route-error-fallback';
import {
  DASHBOARD_PATH,
  DASHBOARD_ROUTE,
  type PermittedRoute,
  resolvePath,
  SCROLL_FLAG_ROUTE_NAMES,
} from '../app/route-model';
import { usePermittedRoutes } from '../app/use-permitted-routes';
import { viewRegistry } from '../app/view-registry';
import { useTagsStore } from '../stores/tags-store';
import { NotBuiltPage } from './not-built-page';

const lazyViews = new Map<string, LazyExoticComponent<ComponentType>>();

function viewFor(path: string): LazyExoticComponent<ComponentType> | null {
  const loader = viewRegistry[path];
  if (!loader) return null;
  let view = lazyViews.get(path);
  if (!view) {
    view = lazy(loader);
    lazyViews.set(path, view);
  }
  return view;
}

function ViewFallback() {
  useEffect(() => {
    startProgress();
    return doneProgress;
  }, []);
  return (
    <Stack gap="4" padding="5">
      <Skeleton height="10" width="40%" />
      <Skeleton height="40" />
      <Skeleton height="40" />
    </Stack>
  );
}

/** One page, given its own last location so a hidden page never sees another tab's URL. */
function ViewHost({ route, location }: { route: PermittedRoute; location: Location }) {
  const View = viewFor(route.path);
  return (
    <Routes location={location}>
      <Route
        path="*"
        element={
          <ErrorBoundary resetKey={location.key} fallback={(reset) => <RouteErrorFallback onReset={reset} />}>
            <Suspense fallback={<ViewFallback />}>
              {View ? <View /> : <NotBuiltPage path={route.path} titleKey={route.titleKey} />}
            </Suspense>
          </ErrorBoundary>
        }
      />
    </Routes>
  );
}

/** /redirect/<path>: leaves at once for <path>, so the page mounts afresh (tag Refresh). */
function RedirectView() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`${pathname.replace(/^\/redirect/, '') || '/'}${search}`, { replace: true });
  }, [navigate, pathname, search]);
  return null;
}

/**
 * The page area. Visited pages stay mounted but hidden (React's Activity keeps their state) until
 * their tab closes, except routes flagged noCache; the scroll position is kept per page.
 */
export function AppMain({ scrollContainer }: { scrollContainer: RefObject<HTMLElement | null> }) {
  const location = useLocation();
  const { byPath } = usePermittedRoutes();
  const views = useTagsStore((state) => state.visitedViews);
  const refreshKeys = useTagsStore((state) => state.refreshKeys);
  const lastLocations = useRef(new Map<string, Location>());
  const scrollPositions = useRef(new Map<string, number>());
  const previousPath = useRef<string | null>(null);

  const redirecting = location.pathname.startsWith('/redirect/');
  const resolution = redirecting ? null : resolvePath(location.pathname, byPath);
  const current = resolution?.kind === 'view' ? resolution.route : null;
  if (current) lastLocations.current.set(current.path, location);

  useLayoutEffect(() => {
    const container = scrollContainer.current;
    if (!container || !current) return;
    if (previousPath.current && previousPath.current !== current.path) {
      container.scrollTop = scrollPositions.current.get(current.path) ?? 0;
    }
    previousPath.current = current.path;
    const path = current.path;
    const remember = () => scrollPositions.current.set(path, container.scrollTop);
    container.addEventListener('scroll', remember, { passive: true });
    return () => container.removeEventListener('scroll', remember);
  }, [current, scrollContainer]);

  if (redirecting) return <RedirectView />;
  if (resolution?.kind === 'redirect') return <Navigate to={resolution.to} replace />;
  if (resolution?.kind === 'forbidden') return <Navigate to="/401" replace />;
  if (resolution?.kind === 'notFound' || !current) return <Navigate to="/404" replace />;

  const kept = views
    .filter((view) => !view.noCache && view.path !== current.path)
    .map((view) => (view.path === DASHBOARD_PATH ? DASHBOARD_ROUTE : byPath.get(view.path)))
    .filter((route): route is PermittedRoute => Boolean(route) && lastLocations.current.has(route!.path));
  const mounted = [...kept, current];
  const fullHeight = SCROLL_FLAG_ROUTE_NAMES.has(current.name);

  return (
    <Box
      as="main"
      position="relative"
      minHeight={fullHeight ? undefined : 'calc(100vh - 84px)'}
      data-scroll-flag={fullHeight || undefined}
    >
      {mounted.map((route) => (
        <Activity
          key={`${route.path}#${refreshKeys[route.path] ?? 0}`}
          mode={route.path === current.path ? 'visible' : 'hidden'}
        >
          <ViewHost route={route} location={lastLocations.current.get(route.path)!} />
        </Activity>
      ))}
    </Box>
  );
}
