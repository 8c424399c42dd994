import { ErrorView } from './error-view';
import { NOT_FOUND_TITLE } from './not-found';

/** spec §2.2: any path outside ROUTES. */
export function NotFoundPage() {
  return <ErrorView status={404} title={NOT_FOUND_TITLE} />;
}
