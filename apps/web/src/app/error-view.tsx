import { PATHS } from '@konek/contract/routes';
import { Button } from '../ui/button';
import { ButtonLink } from '../ui/button-link';
import { StatusActions, StatusCard, StatusText } from '../ui/status-card';
import { i18n } from '../i18n/i18n';

/** product §2.1 error page: the message is the title; the 404 page links back home. */
export function ErrorView({ status, title }: { status: number; title: string }) {
  const isNotFound = status === 404;
  return (
    <StatusCard
      icon={isNotFound ? '?' : '!'}
      tone={isNotFound ? 'brand' : 'error'}
      eyebrow={i18n._('Error {status}', { status })}
      title={title}
    >
      <StatusText>
        {isNotFound
          ? i18n._(
              'The link may be broken, or the page may have moved. Start again from the home page.',
            )
          : i18n._('Something went wrong while showing this page. Please try again in a moment.')}
      </StatusText>
      <StatusActions>
        {isNotFound ? null : (
          <Button onClick={() => window.location.reload()}>{i18n._('Try again')}</Button>
        )}
        <ButtonLink to={PATHS.home} variant={isNotFound ? 'primary' : 'secondary'}>
          {i18n._('Back to home page')}
        </ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}
