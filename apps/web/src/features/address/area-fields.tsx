import { useQuery } from '@tanstack/react-query';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { TAddressEntry } from '@konek/contract/get-addresses';
import type { TAddressOption } from '@konek/contract/validation';
import { Button } from '../../ui/button';
import { FloatingSelect } from '../../ui/floating-select';
import type { SelectOption } from '../../ui/select-items';
import { TextField } from '../../ui/text-field';
import { addressListQuery, barangayDetailQuery, type AddressListLevel } from './api/get-addresses';
import type { CheckAddressValues } from './check-address-schema';
import { clearBelowCity, clearBelowProvince, clearPropertyFields } from './form-resets';
import styles from './check-address-form.module.css';
import { i18n, msg } from '../../i18n/i18n';

export type AreaFieldsProps = {
  ossSegment: string | undefined;
  isLocked: boolean;
  /** product §4.2: a chosen city loads its offers; the offers feature listens here. */
  onCityChosen?: (city: TAddressOption) => void;
};

// Whole sentences per level (not a level name put into one sentence), so a translation can change the
// words around each name (ADR 027).
const LOAD_FAILED: Readonly<Record<AddressListLevel, string>> = {
  province: msg(/*i18n*/ "We couldn't load the provinces."),
  city: msg(/*i18n*/ "We couldn't load the cities."),
  barangay: msg(/*i18n*/ "We couldn't load the barangays."),
};
const LOADING: Readonly<Record<AddressListLevel, string>> = {
  province: msg(/*i18n*/ 'Loading provinces…'),
  city: msg(/*i18n*/ 'Loading cities…'),
  barangay: msg(/*i18n*/ 'Loading barangays…'),
};
const LOAD_AGAIN: Readonly<Record<AddressListLevel, string>> = {
  province: msg(/*i18n*/ 'Load the provinces again'),
  city: msg(/*i18n*/ 'Load the cities again'),
  barangay: msg(/*i18n*/ 'Load the barangays again'),
};
const LABELS: Readonly<Record<AddressListLevel, string>> = {
  province: msg(/*i18n*/ 'Province'),
  city: msg(/*i18n*/ 'City'),
  barangay: msg(/*i18n*/ 'Barangay'),
};

function toOptions(entries: readonly TAddressEntry[] | undefined): SelectOption[] {
  return (entries ?? []).map((entry) => ({ value: entry.address_code, label: entry.address_name }));
}

function findEntry(
  entries: readonly TAddressEntry[] | undefined,
  code: string | null,
): TAddressOption | null {
  const entry = entries?.find((candidate) => candidate.address_code === code);
  return entry ? { address_name: entry.address_name, address_code: entry.address_code } : null;
}

/**
 * product §2.3 steps 1–2: Province, City and Barangay, each enabled once the one before it is chosen, and
 * the read-only zip code of the chosen barangay. Selects validate when they change (product §5).
 */
export function AreaFields({ ossSegment, isLocked, onCityChosen }: AreaFieldsProps) {
  const form = useFormContext<CheckAddressValues>();
  const [province, city, barangay] = useWatch({
    control: form.control,
    name: ['area.province', 'area.city', 'area.barangay'],
  });
  const provinces = useQuery(addressListQuery(ossSegment, 'province', undefined));
  const cities = useQuery(addressListQuery(ossSegment, 'city', province?.address_code));
  const barangays = useQuery(addressListQuery(ossSegment, 'barangay', city?.address_code));
  // product §4.2: choosing a barangay loads its detail, which fills the zip code.
  const detail = useQuery(barangayDetailQuery(ossSegment, barangay?.address_code));
  const lists = { province: provinces, city: cities, barangay: barangays };
  const choose = { shouldValidate: true, shouldDirty: true, shouldTouch: true } as const;

  const onChosen: Readonly<Record<AddressListLevel, (code: string | null) => void>> = {
    province: (code) => {
      form.setValue('area.province', findEntry(provinces.data, code), choose);
      clearBelowProvince(form);
    },
    city: (code) => {
      const chosen = findEntry(cities.data, code);
      form.setValue('area.city', chosen, choose);
      clearBelowCity(form);
      if (chosen) onCityChosen?.(chosen);
    },
    barangay: (code) => {
      form.setValue('area.barangay', findEntry(barangays.data, code), choose);
      clearPropertyFields(form);
    },
  };
  const isEnabled: Readonly<Record<AddressListLevel, boolean>> = {
    province: true,
    city: province !== null,
    barangay: city !== null,
  };

  return (
    <div className={styles.areaGrid}>
      {(['province', 'city', 'barangay'] as const).map((level) => {
        const list = lists[level];
        const isLoading = list.isFetching && !list.data;
        return (
          <Controller
            key={level}
            control={form.control}
            name={`area.${level}`}
            render={({ field, fieldState }) => (
              <div className={level === 'barangay' ? undefined : styles.wide}>
                <FloatingSelect
                  id={`address-${level}`}
                  label={i18n._(LABELS[level])}
                  required
                  options={toOptions(list.data)}
                  value={field.value?.address_code ?? null}
                  onChange={onChosen[level]}
                  onBlur={field.onBlur}
                  disabled={isLocked || !isEnabled[level]}
                  error={fieldState.error?.message}
                  hint={list.isError ? LOAD_FAILED[level] : undefined}
                  noOptionsText={isLoading ? i18n._(LOADING[level]) : i18n._('No matches found')}
                />
                {list.isError ? (
                  <Button variant="link" className={styles.retry} onClick={() => list.refetch()}>
                    {i18n._(LOAD_AGAIN[level])}
                  </Button>
                ) : null}
              </div>
            )}
          />
        );
      })}
      <TextField
        id="address-zip-code"
        label={i18n._('Zip code')}
        readOnly
        className={styles.zip}
        value={detail.data?.zip_code ?? ''}
        hint={
          detail.isFetching && !detail.data ? msg(/*i18n*/ 'Looking up the zip code…') : undefined
        }
      />
    </div>
  );
}
