import { useFormContext, useFormState } from 'react-hook-form';
import { TEXT_MAX_LENGTH } from '@konek/contract/constants';
import { TextField } from '../../ui/text-field';
import { LandmarkField } from './landmark-field';
import type { CheckAddressValues } from './check-address-schema';
import styles from './check-address-form.module.css';
import { i18n } from '../../i18n/i18n';

/**
 * product §2.3 step 4: House no. and Street are required, Village/Subdivision is optional; product §3: the
 * house form carries an optional landmark.
 */
export function HouseFields({ isLocked }: { isLocked: boolean }) {
  const { register, control } = useFormContext<CheckAddressValues>();
  const { errors } = useFormState({ control, name: 'house' });
  return (
    <div className={styles.propertyGrid}>
      <TextField
        id="address-house-no"
        label={i18n._('House no.')}
        required
        maxLength={TEXT_MAX_LENGTH}
        autoComplete="address-line1"
        readOnly={isLocked}
        error={errors.house?.houseNo?.message}
        {...register('house.houseNo')}
      />
      <TextField
        id="address-house-street"
        label={i18n._('Street')}
        required
        maxLength={TEXT_MAX_LENGTH}
        autoComplete="address-line2"
        readOnly={isLocked}
        error={errors.house?.street?.message}
        {...register('house.street')}
      />
      <TextField
        id="address-village"
        label={i18n._('Village/Subdivision')}
        maxLength={TEXT_MAX_LENGTH}
        readOnly={isLocked}
        error={errors.house?.village?.message}
        className={styles.wide}
        {...register('house.village')}
      />
      <LandmarkField
        id="address-house-landmark"
        isLocked={isLocked}
        error={errors.house?.landmark?.message}
        {...register('house.landmark')}
      />
    </div>
  );
}
