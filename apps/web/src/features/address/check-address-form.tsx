import { PATHS } from '@konek/contract/routes';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MESSAGE_INVALID_PLACE,
  pinnedPosition,
  type TAddressOption,
  type TPropertyType,
} from '@konek/contract/validation';
import { readSavedAddress, saveAddress } from '../../lib/journey-store';
import { useWebConfig } from '../../lib/web-config';
import { Button } from '../../ui/button';
import { ArrowRightIcon } from '../../ui/icons';
import { FormAlert } from '../../ui/form-alert';
import { MandatoryTip } from '../../ui/mandatory-tip';
import { barangayDetailQuery } from './api/get-addresses';
import { buildingListQuery } from './api/get-building-list';
import { reversePlaceQuery } from './api/geocode';
import { AreaFields } from './area-fields';
import { BuildingFields, findListedBuilding } from './building-fields';
import {
  isCheckAddressComplete,
  missingForSubmit,
  toSavedAddress,
  valuesFromSavedAddress,
  ZCheckAddressForm,
  type CheckAddressValues,
  type Position,
} from './check-address-schema';
import { HouseFields } from './house-fields';
import { PinLocationStep } from './pin-location-step';
import { PropertyTypeField } from './property-type-field';
import { useInitialPin } from './use-initial-pin';
import styles from './check-address-form.module.css';
import { i18n } from '../../i18n/i18n';

export type CheckAddressFormProps = {
  /** product §4.2: choosing a city loads the offers for that city; the offers feature passes its loader. */
  onCityChosen?: (city: TAddressOption) => void;
};

/** The form's id: an alert link that cannot be opened points the customer to it (ADR 094). */
export const CHECK_ADDRESS_FORM_ID = 'check-address-form';

/** product §2.3 step 9: the loading screen checks the pinned point; pilot is the barangay's flag. */
export function loadingPathFor(position: Position, isPilot: boolean): string {
  const query = new URLSearchParams({
    lat: String(position.lat),
    lng: String(position.lng),
    pilot: String(isPilot),
  });
  return `${PATHS.loading}?${query.toString()}`;
}

/**
 * product §2.3 check-address screen: area, property type and property fields (validated on blur with the
 * messages of product §5), then Pin My Location opens the map, then Check My Address saves the address and
 * goes to the loading screen. A listed building skips the map step. The form is kept in localStorage,
 * so a refresh keeps it.
 */
export function CheckAddressForm({ onCityChosen }: CheckAddressFormProps) {
  const config = useWebConfig().data;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [savedAtStart] = useState(readSavedAddress);
  const form = useForm<CheckAddressValues>({
    mode: 'onBlur',
    defaultValues: valuesFromSavedAddress(savedAtStart),
    resolver: zodResolver(ZCheckAddressForm, undefined, { raw: true }),
  });
  const [area, radioTypeValue, position, buildingName] = useWatch({
    control: form.control,
    name: ['area', 'radioTypeValue', 'position', 'condominium.buildingName'],
  });
  const isComplete = useWatch({ control: form.control, compute: isCheckAddressComplete });
  const missing = useWatch({ control: form.control, compute: missingForSubmit });
  const [isMapOpen, setIsMapOpen] = useState(false);
  // The pin the map opens with is a guess (the area's point): the customer moves it or says it is right.
  const [isPinPlaced, setIsPinPlaced] = useState(false);
  const [placeError, setPlaceError] = useState<string>();
  const ossSegment = config?.ossSegment;
  const barangayCode = area.barangay?.address_code;
  const detail = useQuery(barangayDetailQuery(ossSegment, barangayCode));
  const buildingList = useQuery(
    buildingListQuery(
      radioTypeValue === 'Condominium' && config && area.province && area.city && area.barangay
        ? {
            operator_name: config.operatorName,
            province: area.province.address_code,
            city: area.city.address_code,
            barangay: area.barangay.address_code,
          }
        : undefined,
    ),
  );
  const buildings = buildingList.data ?? [];
  const listedBuilding =
    radioTypeValue === 'Condominium' ? findListedBuilding(buildings, buildingName) : undefined;
  // product §2.3 step 8: a building from the list has its position already; the map step is skipped.
  const isCheckStep = isMapOpen || listedBuilding !== undefined;
  const isLocked = isMapOpen;
  const placeInitialPin = useInitialPin(form, ossSegment);

  // Keep the form in localStorage as it is filled, so a refresh keeps it (product §2.3 step 9).
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          const code = values.area.barangay?.address_code;
          const known = queryClient.getQueryData(barangayDetailQuery(ossSegment, code).queryKey);
          saveAddress(toSavedAddress(values, known, ''));
        },
      }),
    [form, queryClient, ossSegment],
  );

  const choosePropertyType = (type: TPropertyType) => {
    form.setValue('radioTypeValue', type, { shouldValidate: true, shouldDirty: true });
    setPlaceError(undefined);
    // product §4.2: the first property-type choice searches the map for the area.
    if (form.getValues('position') === null) void placeInitialPin();
  };

  const changePosition = (next: Position) => {
    form.setValue('position', next, { shouldDirty: true });
    setPlaceError(undefined);
    setIsPinPlaced(true);
  };

  const openMap = () => {
    setPlaceError(undefined);
    setIsPinPlaced(false);
    setIsMapOpen(true);
  };

  const checkAddress = async (values: CheckAddressValues) => {
    // product §4.2: without a valid position the address cannot be checked.
    const pin = pinnedPosition.safeParse(values.position);
    if (!pin.success) {
      setPlaceError(i18n._(MESSAGE_INVALID_PLACE));
      return;
    }
    // The zip code, region and pilot flag go with the address (product §3).
    const barangayDetail = await queryClient
      .fetchQuery(barangayDetailQuery(ossSegment, barangayCode))
      .catch(() => undefined);
    if (!barangayDetail) {
      setPlaceError(i18n._("We couldn't load your barangay's details. Please try again."));
      return;
    }
    const details = listedBuilding
      ? `${listedBuilding.buildingName}, ${listedBuilding.streetName}`
      : ((await queryClient.fetchQuery(reversePlaceQuery(pin.data)).catch(() => null))?.label ??
        '');
    saveAddress(toSavedAddress(values, barangayDetail, details));
    await navigate(loadingPathFor(pin.data, barangayDetail.properties.gfiber_pilot));
  };

  const hasArea = area.barangay !== null;
  const needsPin = isMapOpen && !isPinPlaced;
  const submitReason =
    missing ??
    (detail.data ? null : i18n._("Loading your barangay's details…")) ??
    (needsPin
      ? i18n._('Move the pin onto your home, or confirm that it is there, to continue.')
      : null);
  return (
    <FormProvider {...form}>
      <form
        className={styles.form}
        noValidate
        id={CHECK_ADDRESS_FORM_ID}
        aria-label={i18n._('Check your address')}
        onSubmit={form.handleSubmit(isCheckStep ? checkAddress : openMap)}
      >
        <MandatoryTip className={styles.tip} />
        <AreaFields ossSegment={ossSegment} isLocked={isLocked} onCityChosen={onCityChosen} />
        {hasArea ? <PropertyTypeField isLocked={isLocked} onChoose={choosePropertyType} /> : null}
        {hasArea && radioTypeValue === 'House' ? <HouseFields isLocked={isLocked} /> : null}
        {hasArea && radioTypeValue === 'Condominium' ? (
          <BuildingFields
            buildings={buildings}
            isLoadingBuildings={buildingList.isFetching}
            isLocked={isLocked}
          />
        ) : null}
        {isMapOpen ? (
          <PinLocationStep
            position={position}
            onPositionChange={changePosition}
            areaCenter={
              detail.data ? { lat: detail.data.latitude, lng: detail.data.longitude } : null
            }
            tileUrl={config?.mapTileUrl ?? ''}
            tileAttribution={config?.mapTileAttribution ?? ''}
            onEdit={() => setIsMapOpen(false)}
            isPinPlaced={isPinPlaced}
            onConfirmPin={() => setIsPinPlaced(true)}
          />
        ) : null}
        {placeError ? <FormAlert>{placeError}</FormAlert> : null}
        {submitReason ? (
          <p id="check-address-reason" className={styles.reason}>
            {submitReason}
          </p>
        ) : null}
        <Button
          type="submit"
          size="large"
          fullWidth
          disabled={!isComplete || !detail.data || needsPin}
          aria-describedby={submitReason ? 'check-address-reason' : undefined}
          isLoading={form.formState.isSubmitting}
          data-tag={isCheckStep ? 'check_my_address' : 'pin_my_location'}
        >
          {isCheckStep ? i18n._('Check My Address') : i18n._('Pin My Location')}
          {isCheckStep ? <ArrowRightIcon /> : null}
        </Button>
      </form>
    </FormProvider>
  );
}
