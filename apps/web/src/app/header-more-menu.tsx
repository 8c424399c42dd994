import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { HEADER_MORE_LINKS, useSiteLinks } from '../lib/site-links';
import { cx } from '../ui/class-names';
import { ExternalAnchor } from '../ui/external-anchor';
import { ChevronDownIcon } from '../ui/icons';
import styles from './site-header.module.css';
import { i18n } from '../i18n/i18n';

/**
 * product §2.1: the two mobile LTE-router products, grouped under a "More" disclosure: a list item of the
 * header menu, left out when the operator has configured neither.
 */
export function HeaderMoreMenu() {
  const links = useSiteLinks(HEADER_MORE_LINKS);
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const container = useRef<HTMLDivElement>(null);

  // A click anywhere else closes the dropdown (buttons do not take focus on click in Safari, so blur
  // alone is not enough).
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && container.current?.contains(event.target)) return;
      setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) {
      return;
    }
    if (event.relatedTarget) setIsOpen(false);
  };

  if (links.length === 0) return null;
  return (
    <li>
      <div ref={container} className={styles.more} onBlur={onBlur}>
        <button
          type="button"
          className={cx(styles.link, styles.moreButton)}
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={() => setIsOpen((open) => !open)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && isOpen) {
              event.stopPropagation();
              setIsOpen(false);
            }
          }}
        >
          {i18n._('More')}
          <ChevronDownIcon className={styles.linkIcon} />
        </button>
        <ul id={listId} className={styles.moreList} hidden={!isOpen}>
          {links.map((link) => (
            <li key={link.key}>
              <ExternalAnchor
                href={link.href}
                className={styles.moreLink}
                showIcon
                iconClassName={styles.linkIcon}
                data-tag={`header_more_${link.key}`}
                onClick={() => setIsOpen(false)}
              >
                {i18n._(link.label)}
              </ExternalAnchor>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}
