import type { UseFormReturn } from 'react-hook-form';
import { EMPTY_CONDOMINIUM, EMPTY_HOUSE, type CheckAddressValues } from './check-address-schema';

type CheckAddressForm = UseFormReturn<CheckAddressValues>;

/**
 * product §4.2: a new area empties what depended on the old one — the property type, both property forms
 * and the pin. With no property type, the next choice searches the map for the new area again.
 */
export function clearPropertyFields(form: CheckAddressForm): void {
  form.setValue('radioTypeValue', null);
  form.setValue('house', EMPTY_HOUSE);
  form.setValue('condominium', EMPTY_CONDOMINIUM);
  form.setValue('position', null);
  form.clearErrors(['radioTypeValue', 'house', 'condominium']);
}

/** product §4.2: choosing a province clears city, barangay, zip code and the property fields. */
export function clearBelowProvince(form: CheckAddressForm): void {
  form.setValue('area.city', null);
  clearBelowCity(form);
  form.clearErrors('area.city');
}

/** product §4.2: choosing a city clears the barangay (and so its zip code and the property fields). */
export function clearBelowCity(form: CheckAddressForm): void {
  form.setValue('area.barangay', null);
  form.clearErrors('area.barangay');
  clearPropertyFields(form);
}
