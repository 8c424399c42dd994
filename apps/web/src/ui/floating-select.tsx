import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { useCombobox } from 'downshift';
import { cx } from './class-names';
import { FieldMessage, RequiredMark } from './field-message';
import { ChevronDownIcon } from './icons';
import { SelectItem } from './select-item';
import {
  itemToKey,
  itemToString,
  itemValue,
  selectedItemFor,
  visibleItems,
  type SelectItemModel,
  type SelectOption,
} from './select-items';
import fieldStyles from './field.module.css';
import styles from './floating-select.module.css';
import { i18n } from '../i18n/i18n';

export type FloatingSelectProps = {
  /** The visible label, which is also the accessible name. */
  label: string;
  options: readonly SelectOption[];
  /** The chosen option's value, a typed value when `creatable`, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  /** Lets the customer choose what they typed when no option fits (product §2.3 building name, floor). */
  creatable?: boolean;
  disabled?: boolean;
  required?: boolean;
  error?: string;
  hint?: string;
  id?: string;
  /** Submits the value under this name in a native form. */
  name?: string;
  noOptionsText?: string;
  className?: string;
};

/**
 * A searchable select with a floating label (product §2.1), built on downshift's combobox so it follows
 * the ARIA combobox pattern: type to filter, arrows to move, Enter to choose, Escape to close.
 */
export function FloatingSelect({
  label,
  options,
  value,
  onChange,
  onBlur,
  creatable = false,
  disabled = false,
  required = false,
  error,
  hint,
  id,
  name,
  noOptionsText = i18n._('No matches found'),
  className,
}: FloatingSelectProps) {
  const generatedId = useId();
  const baseId = id ?? generatedId;
  const messageId = `${baseId}-message`;
  const selectedItem = useMemo(
    () => selectedItemFor(value, options, creatable),
    [value, options, creatable],
  );
  const [inputValue, setInputValue] = useState(() => itemToString(selectedItem));
  const [query, setQuery] = useState<string | null>(null);
  const [isFocused, setIsFocused] = useState(false);
  const items = useMemo(() => visibleItems(options, query, creatable), [options, query, creatable]);

  const {
    isOpen,
    highlightedIndex,
    getLabelProps,
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
  } = useCombobox<SelectItemModel>({
    id: baseId,
    inputId: baseId,
    items,
    selectedItem,
    inputValue,
    itemToString,
    itemToKey,
    isItemDisabled: (item) => item.kind === 'option' && Boolean(item.option.disabled),
    onInputValueChange: (changes) => {
      setInputValue(changes.inputValue);
      setQuery(
        changes.type === useCombobox.stateChangeTypes.InputChange ? changes.inputValue : null,
      );
    },
    onSelectedItemChange: (changes) => {
      onChange(changes.selectedItem ? itemValue(changes.selectedItem) : null);
    },
    stateReducer: (state, { type, changes }) => {
      // Leaving the field never picks an option (only a click or Enter does); the text goes back to
      // the chosen value so what is shown is always what is selected.
      if (type === useCombobox.stateChangeTypes.InputBlur) {
        return {
          ...changes,
          selectedItem: state.selectedItem,
          inputValue: itemToString(state.selectedItem),
        };
      }
      return changes;
    },
  });

  const hasMessage = Boolean(error || hint);
  const isFloating = isFocused || isOpen || inputValue !== '';

  return (
    <div
      className={cx(
        fieldStyles.field,
        error && fieldStyles.invalid,
        isFloating && fieldStyles.floating,
        isFocused && fieldStyles.focused,
        isOpen && styles.open,
        className,
      )}
    >
      <div className={fieldStyles.box}>
        <input
          className={cx(fieldStyles.control, styles.control)}
          {...getInputProps({
            // downshift tells onInputValueChange after the render, which would first draw the text as it
            // was: typed fast, letters were lost and the caret jumped to the end. Kept at once instead.
            onChange: (event: ChangeEvent<HTMLInputElement>) => {
              setInputValue(event.target.value);
              setQuery(event.target.value);
            },
            disabled,
            placeholder: ' ',
            'aria-invalid': error ? true : undefined,
            'aria-describedby': hasMessage ? messageId : undefined,
            'aria-required': required || undefined,
            onFocus: () => setIsFocused(true),
            onBlur: () => {
              setIsFocused(false);
              onBlur?.();
            },
          })}
        />
        <label className={fieldStyles.label} {...getLabelProps()}>
          {label}
          {required ? <RequiredMark /> : null}
        </label>
        <button
          type="button"
          className={styles.toggle}
          {...getToggleButtonProps({ disabled, 'aria-label': `${label} options` })}
        >
          <ChevronDownIcon />
        </button>
        {name ? <input type="hidden" name={name} value={value ?? ''} /> : null}
        <ul className={styles.menu} {...getMenuProps()}>
          {isOpen
            ? items.map((item, index) => (
                <SelectItem
                  key={itemToKey(item)}
                  item={item}
                  isHighlighted={highlightedIndex === index}
                  isSelected={itemToKey(item) === itemToKey(selectedItem)}
                  {...getItemProps({ item, index })}
                />
              ))
            : null}
        </ul>
        {isOpen && items.length === 0 ? (
          <div className={styles.empty} role="status">
            {noOptionsText}
          </div>
        ) : null}
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
