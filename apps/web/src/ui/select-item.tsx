import type { ComponentPropsWithRef } from 'react';
import { cx } from './class-names';
import { CheckIcon } from './icons';
import { splitOptionLabel } from './option-search';
import type { SelectItemModel } from './select-items';
import styles from './floating-select.module.css';
import { i18n } from '../i18n/i18n';

type SelectItemProps = ComponentPropsWithRef<'li'> & {
  item: SelectItemModel;
  isHighlighted: boolean;
  isSelected: boolean;
};

/** One entry of FloatingSelect's list; a disabled "label|note" option shows its note muted. */
export function SelectItem({
  item,
  isHighlighted,
  isSelected,
  className,
  ...props
}: SelectItemProps) {
  if (item.kind === 'create') {
    return (
      <li
        className={cx(styles.item, styles.create, isHighlighted && styles.highlighted, className)}
        {...props}
      >
        {i18n._('Use “{value}”', { value: item.value })}
      </li>
    );
  }
  const { label, note } = splitOptionLabel(item.option.label);
  const isDisabled = Boolean(item.option.disabled);
  return (
    <li
      className={cx(
        styles.item,
        isHighlighted && !isDisabled && styles.highlighted,
        isSelected && styles.selected,
        isDisabled && styles.disabled,
        className,
      )}
      {...props}
    >
      <span className={styles.itemText}>
        <span>{label}</span>
        {note ? <span className={styles.note}>{note}</span> : null}
      </span>
      {isSelected ? <CheckIcon className={styles.check} /> : null}
    </li>
  );
}
