import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAddressesCall } from '@konek/contract/get-addresses';
import { serviceabilityCheckCall } from '@konek/contract/serviceability-check';
import { getBuildingListCall } from '@konek/contract/get-building-list';
import { geocodeReverseCall, geocodeSearchCall } from '@konek/contract/geocode';
import { registerCall } from '../../platform/route';
import { DomainError } from '../../platform/domain-error';
import { ok } from '../../platform/reply';
import type { Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { CoverageIndex } from './coverage-index';
import type { Geocoder } from '../../providers/geocoding/geocoder';
import { GeocoderUnavailableError } from '../../providers/geocoding/geocoder';
import type { BuildingLookup } from '../../providers/building-lookup/building-lookup';
import type { AddressCatalogue } from './address-catalogue';
import { sendPrepared } from '../../platform/prepared-reply';
import { checkServiceability } from './serviceability';
import { askBuildingLookup, buildingListOf, createGazetteer, resolveArea } from './service';

const MODULE = 'location';
const LIST_CACHE_CONTROL = 'public, max-age=3600';

export type LocationPluginOptions = {
  database: Database;
  /** The address lists, loaded once at start (location/service.ts); catalog names its cities. */
  catalogue: AddressCatalogue;
  /** A Nominatim-compatible service when configured; otherwise the module's own gazetteer. */
  geocoder?: Geocoder;
  ossSegment: string;
  serviceRadiusMeters: number;
  /** The coverage network in memory (ADR 018), opened by the composition root and shared. */
  coverage: CoverageIndex;
  /** The facility service's listed buildings (product §7.2, ADR 081), chosen by the composition root. */
  buildings: BuildingLookup;
  clock: Clock;
};

async function geocoded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GeocoderUnavailableError)
      throw new DomainError('common', 'SERVICE_UNAVAILABLE');
    throw error;
  }
}

/** product §7.2 location: address lists, serviceability (ADR 018), building lists and geocoding. */
export const locationPlugin: FastifyPluginAsyncZod<LocationPluginOptions> = async (
  app,
  options,
) => {
  const { database, catalogue, ossSegment } = options;
  const { db } = database;
  const geocoder = options.geocoder ?? (await createGazetteer(db, catalogue));
  const { coverage, buildings, clock } = options;

  registerCall(
    app,
    getAddressesCall,
    // Prepared replies, compressed once per list by sendPrepared.
    { module: MODULE, ossSegment, isNeverCompressed: true },
    async ({ body, request, reply }) => {
      const { address_type: type, address_code: code } = body;
      const prepared =
        type === 'province'
          ? catalogue.provinces()
          : type === 'city'
            ? catalogue.citiesOf(code!)
            : (catalogue.barangaysOf(code!) ?? catalogue.barangayDetail(code!));
      if (!prepared) {
        throw new DomainError(
          'common',
          'NOT_FOUND',
          { field: 'address_code' },
          `address_code: no ${type === 'city' ? 'province' : 'city or barangay'} has the code ${code}.`,
        );
      }
      return sendPrepared(request, reply, prepared, LIST_CACHE_CONTROL);
    },
  );

  // The journey's hottest call: its reply is built from the literals in serviceability.ts (ADR 037).
  registerCall(
    app,
    serviceabilityCheckCall,
    // A reply of a few hundred bytes, never worth compressing.
    { module: MODULE, isReplyTrusted: true, isNeverCompressed: true },
    async ({ body }) => {
      const { latitude, longitude, floor } = body;
      const result = await askBuildingLookup(() =>
        checkServiceability(
          { coverage, buildings },
          { latitude, longitude },
          floor,
          options.serviceRadiusMeters,
          clock.now(),
        ),
      );
      return ok(MODULE, { result });
    },
  );

  // ADR 081: the area as the lists give it (codes or names), the buildings from the building lookup.
  registerCall(app, getBuildingListCall, { module: MODULE }, async ({ body }) => {
    const area = resolveArea(catalogue, body, '');
    return ok(MODULE, { buildingList: await buildingListOf(buildings, area) });
  });

  registerCall(app, geocodeSearchCall, { module: MODULE }, async ({ body }) => {
    const places = await geocoded(() => geocoder.search(body.query, body.limit ?? 5));
    return ok(MODULE, { places });
  });

  registerCall(app, geocodeReverseCall, { module: MODULE }, async ({ body }) => {
    const place = await geocoded(() => geocoder.reverse(body));
    return ok(MODULE, { place });
  });
};
