import { Button } from '../ui/button';
import { ButtonLink } from '../ui/button-link';
import { cx } from '../ui/class-names';
import styles from './status-screen.module.css';

/** spec §2.1 error page: the message is the title; the 404 page links back home. */
export function ErrorView({ status, title }: { status: number; title: string }) {
  const isNotFound = status === 404;
  return (
    <section className={styles.screen}>
      <div className="container">
        <div className={styles.card}>
          <p className={cx(styles.badge, !isNotFound && styles.errorBadge)} aria-hidden="true">
            {isNotFound ? '?' : '!'}
          </p>
          <p className={styles.eyebrow}>Error {status}</p>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.description}>
            {isNotFound
              ? 'The link may be broken, or the page may have moved. Start again from the home page.'
              : 'Something went wrong while showing this page. Please try again in a moment.'}
          </p>
          <div className={styles.actions}>
            {isNotFound ? null : (
              <Button onClick={() => window.location.reload()}>Try again</Button>
            )}
            <ButtonLink to="/" variant={isNotFound ? 'primary' : 'secondary'}>
              Back to home page
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
