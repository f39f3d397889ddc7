import { commRoutes } from './areas/comm/routes';
import { userRoutes } from './areas/user/routes';
import type { RouteDefinition } from './http/route';

/** Every API route of every area. An area adds itself here with one line. */
export const allRoutes: RouteDefinition[] = [...userRoutes, ...commRoutes];
