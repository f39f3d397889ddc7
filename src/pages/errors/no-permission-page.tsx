import { ErrorScreen } from './error-screen';

export function NoPermissionPage() {
  return <ErrorScreen code="401" />;
}

/** /error/401 inside the layout. */
export default function NoPermissionView() {
  return <ErrorScreen code="401" inLayout />;
}
