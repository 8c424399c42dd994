import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { TEXT_MAX_LENGTH } from '@konek/contract/constants';
import type { TBuildingListEntry } from '@konek/contract/get-building-list';
import { FloatingSelect } from '../../ui/floating-select';
import type { SelectOption } from '../../ui/select-items';
import { TextField } from '../../ui/text-field';
import { LandmarkField } from './landmark-field';
import type { CheckAddressValues } from './check-address-schema';
import styles from './check-address-form.module.css';
import { i18n, msg } from '../../i18n/i18n';

/**
 * product §4.2: the building list is followed by a final disabled hint for buildings not on it
 * (product §2.1: disabled options are written "label|note").
 */
export const BUILDING_NOT_LISTED_OPTION: SelectOption = {
  value: 'building-not-listed',
  // A catalogue message (ADR 027); BuildingFields shows it translated.
  label: msg(/*i18n*/ "Can't find your building?|Type its name to add it"),
  disabled: true,
};

export type BuildingFieldsProps = {
  buildings: readonly TBuildingListEntry[];
  isLoadingBuildings: boolean;
  isLocked: boolean;
};

/** The listed building whose name is `name`, if any. */
export function findListedBuilding(
  buildings: readonly TBuildingListEntry[],
  name: string,
): TBuildingListEntry | undefined {
  return buildings.find((building) => building.buildingName === name);
}

/**
 * product §2.3 step 5: Building Name and Floor are selects that also take a typed value; Street and Unit
 * No. are text, and the building form carries an optional landmark (product §3). A listed building fills the street, offers its serving floors and places the pin on it
 * (so the map step is skipped: product §2.3 step 8).
 */
export function BuildingFields({ buildings, isLoadingBuildings, isLocked }: BuildingFieldsProps) {
  const form = useFormContext<CheckAddressValues>();
  const { errors } = useFormState({ control: form.control, name: 'condominium' });
  const buildingName = useWatch({ control: form.control, name: 'condominium.buildingName' });
  const listed = findListedBuilding(buildings, buildingName);
  const buildingOptions: SelectOption[] = [
    ...buildings.map((building) => ({
      value: building.buildingName,
      label: building.buildingName,
    })),
    { ...BUILDING_NOT_LISTED_OPTION, label: i18n._(BUILDING_NOT_LISTED_OPTION.label) },
  ];
  const floorOptions: SelectOption[] = (listed?.servingFloors ?? []).map((floor) => ({
    value: floor,
    label: floor,
  }));
  const choose = { shouldValidate: true, shouldDirty: true, shouldTouch: true } as const;

  const chooseBuilding = (name: string | null) => {
    form.setValue('condominium.buildingName', name ?? '', choose);
    // Another building has other floors.
    form.setValue('condominium.floor', '');
    form.clearErrors('condominium.floor');
    const chosen = findListedBuilding(buildings, name ?? '');
    if (!chosen) return;
    form.setValue('condominium.street', chosen.streetName, choose);
    form.setValue('position', { lat: chosen.latitude, lng: chosen.longitude });
  };

  return (
    <div className={styles.propertyGrid}>
      <Controller
        control={form.control}
        name="condominium.buildingName"
        render={({ field, fieldState }) => (
          <FloatingSelect
            id="address-building-name"
            label={i18n._('Building Name')}
            required
            creatable
            options={buildingOptions}
            value={field.value || null}
            onChange={chooseBuilding}
            onBlur={field.onBlur}
            disabled={isLocked}
            error={fieldState.error?.message}
            noOptionsText={
              isLoadingBuildings ? i18n._('Loading buildings…') : i18n._('No matches found')
            }
            className={styles.wide}
          />
        )}
      />
      <TextField
        id="address-building-street"
        label={i18n._('Street')}
        required
        maxLength={TEXT_MAX_LENGTH}
        autoComplete="address-line2"
        readOnly={isLocked}
        error={errors.condominium?.street?.message}
        className={styles.wide}
        {...form.register('condominium.street')}
      />
      <Controller
        control={form.control}
        name="condominium.floor"
        render={({ field, fieldState }) => (
          <FloatingSelect
            id="address-floor"
            label={i18n._('Floor')}
            required
            creatable
            options={floorOptions}
            value={field.value || null}
            onChange={(floor) => form.setValue('condominium.floor', floor ?? '', choose)}
            onBlur={field.onBlur}
            disabled={isLocked}
            error={fieldState.error?.message}
            noOptionsText={i18n._('Type your floor')}
          />
        )}
      />
      <TextField
        id="address-unit-no"
        label={i18n._('Unit No.')}
        required
        maxLength={TEXT_MAX_LENGTH}
        readOnly={isLocked}
        error={errors.condominium?.unitNo?.message}
        {...form.register('condominium.unitNo')}
      />
      <LandmarkField
        id="address-building-landmark"
        isLocked={isLocked}
        error={errors.condominium?.landmark?.message}
        {...form.register('condominium.landmark')}
      />
    </div>
  );
}
