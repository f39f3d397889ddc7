import { Breadcrumb } from '@chakra-ui/react';
import { Fragment } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { breadcrumbTrail, routeTitleKey } from '../app/route-model';
import { usePermittedRoutes } from '../app/use-permitted-routes';

/** Dashboard first, then the route's ancestors; the last item is plain text (SPEC §4 layout). */
export function AppBreadcrumb() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const { byPath } = usePermittedRoutes();
  const trail = breadcrumbTrail(pathname, byPath);
  return (
    <Breadcrumb.Root
      size="sm"
      aria-label={intl.formatMessage({ id: 'navbar.breadcrumb' })}
      data-testid="breadcrumb"
      display={{ base: 'none', sm: 'block' }}
    >
      <Breadcrumb.List>
        {trail.map((item, index) => {
          const title = intl.formatMessage({ id: routeTitleKey(item.titleKey) });
          const last = index === trail.length - 1;
          return (
            <Fragment key={item.path}>
              <Breadcrumb.Item>
                {last ? (
                  <Breadcrumb.CurrentLink color="fg.muted">{title}</Breadcrumb.CurrentLink>
                ) : (
                  <Breadcrumb.Link asChild color="fg" fontWeight="semibold">
                    <RouterLink to={item.path}>{title}</RouterLink>
                  </Breadcrumb.Link>
                )}
              </Breadcrumb.Item>
              {!last && <Breadcrumb.Separator />}
            </Fragment>
          );
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
