import { useFormContext, useWatch } from 'react-hook-form';
import type { TPropertyType } from '@konek/contract/validation';
import { RadioGroup, type RadioOption } from '../../ui/radio-group';
import type { CheckAddressValues } from './check-address-schema';
import { BuildingIcon, HouseIcon } from './property-icons';
import { i18n, msg } from '../../i18n/i18n';

// product §2.3 step 3: House, or Building — stored as Condominium (product §3 radioTypeValue).
// The stored values (product §3), not words on screen.
const HOUSE: TPropertyType = 'House';
const CONDOMINIUM: TPropertyType = 'Condominium';

const PROPERTY_TYPE_OPTIONS: readonly RadioOption<TPropertyType>[] = [
  { value: HOUSE, label: msg(/*i18n*/ 'House'), icon: <HouseIcon /> },
  { value: CONDOMINIUM, label: msg(/*i18n*/ 'Building'), icon: <BuildingIcon /> },
];

export type PropertyTypeFieldProps = {
  isLocked: boolean;
  onChoose: (type: TPropertyType) => void;
};

export function PropertyTypeField({ isLocked, onChoose }: PropertyTypeFieldProps) {
  const { control } = useFormContext<CheckAddressValues>();
  const value = useWatch({ control, name: 'radioTypeValue' });
  return (
    <RadioGroup
      legend={i18n._('Property type')}
      name="radioTypeValue"
      required
      options={PROPERTY_TYPE_OPTIONS.map((option) => ({ ...option, label: i18n._(option.label) }))}
      value={value}
      onChange={onChoose}
      disabled={isLocked}
    />
  );
}
