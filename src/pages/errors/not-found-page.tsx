import { ErrorScreen } from './error-screen';

export function NotFoundPage() {
  return <ErrorScreen code="404" />;
}

/** /error/404 inside the layout. */
export default function NotFoundView() {
  return <ErrorScreen code="404" inLayout />;
}
