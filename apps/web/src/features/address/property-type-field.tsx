import { useFormContext, useWatch } from 'react-hook-form';
import type { TPropertyType } from '@konek/contract/validation';
import { RadioGroup, type RadioOption } from '../../ui/radio-group';
import type { CheckAddressValues } from './check-address-schema';
import { BuildingIcon, HouseIcon } from './property-icons';

// product §2.3 step 3: House, or Building — stored as Condominium (product §3 radioTypeValue).
const PROPERTY_TYPE_OPTIONS: readonly RadioOption<TPropertyType>[] = [
  { value: 'House', label: 'House', icon: <HouseIcon /> },
  { value: 'Condominium', label: 'Building', icon: <BuildingIcon /> },
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
      legend="Property type"
      name="radioTypeValue"
      required
      options={PROPERTY_TYPE_OPTIONS}
      value={value}
      onChange={onChoose}
      disabled={isLocked}
    />
  );
}
