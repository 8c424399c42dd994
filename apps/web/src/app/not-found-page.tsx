import { ErrorView } from './error-view';
import { NOT_FOUND_TITLE } from './not-found';
import { i18n } from '../i18n/i18n';

/** product §2.2: any path outside ROUTES. */
export function NotFoundPage() {
  return <ErrorView status={404} title={i18n._(NOT_FOUND_TITLE)} />;
}
