import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getAddressesPath,
  ZGetAddressesRequest,
  ZGetAddressesResponse,
} from '@konek/contract/get-addresses';
import {
  SERVICEABILITY_CHECK_PATH,
  ZServiceabilityCheckRequest,
  ZServiceabilityCheckResponse,
} from '@konek/contract/serviceability-check';
import {
  GET_BUILDING_LIST_PATH,
  ZGetBuildingListRequest,
  ZGetBuildingListResponse,
} from '@konek/contract/get-building-list';
import {
  GEOCODE_REVERSE_PATH,
  GEOCODE_SEARCH_PATH,
  ZGeocodeReverseRequest,
  ZGeocodeReverseResponse,
  ZGeocodeSearchRequest,
  ZGeocodeSearchResponse,
} from '@konek/contract/geocode';
import { DomainError } from '../../platform/domain-error';
import { ok } from '../../platform/reply';
import type { Db } from '../../platform/db/database';
import type { Geocoder } from '../../providers/geocoding/geocoder';
import { GeocoderUnavailableError } from '../../providers/geocoding/geocoder';
import type { AddressCatalogue, PreparedReply } from './address-catalogue';
import { checkServiceability } from './serviceability';
import type { CoverageIndex } from './coverage-index';
import { buildingListOf } from './service';

const MODULE = 'location';
const LIST_CACHE_CONTROL = 'public, max-age=3600';

export type LocationRoutesOptions = {
  db: Db;
  coverage: CoverageIndex;
  catalogue: AddressCatalogue;
  geocoder: Geocoder;
  ossSegment: string;
  serviceRadiusMeters: number;
};

/** A prepared reply, or 304 when the caller already holds it (If-None-Match). */
function sendPrepared(
  reply: FastifyReply,
  ifNoneMatch: string | undefined,
  prepared: PreparedReply,
) {
  reply.header('etag', prepared.etag).header('cache-control', LIST_CACHE_CONTROL);
  if (ifNoneMatch === prepared.etag) return reply.code(304).send();
  return reply.type('application/json').send(prepared.body);
}

async function geocoded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GeocoderUnavailableError)
      throw new DomainError('common', 'SERVICE_UNAVAILABLE');
    throw error;
  }
}

export const locationRoutes: FastifyPluginAsyncZod<LocationRoutesOptions> = async (
  app,
  options,
) => {
  const { db, catalogue, geocoder } = options;

  app.post(
    getAddressesPath(options.ossSegment),
    {
      schema: {
        tags: [MODULE],
        body: ZGetAddressesRequest,
        response: { 200: ZGetAddressesResponse },
      },
    },
    async (request, reply) => {
      const { address_type: type, address_code: code } = request.body;
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
      return sendPrepared(reply, request.headers['if-none-match'], prepared);
    },
  );

  app.post(
    SERVICEABILITY_CHECK_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZServiceabilityCheckRequest,
        response: { 200: ZServiceabilityCheckResponse },
      },
    },
    async (request) => {
      const { latitude, longitude, floor } = request.body;
      const result = await checkServiceability(
        options.coverage,
        { latitude, longitude },
        floor,
        options.serviceRadiusMeters,
      );
      return ok(MODULE, { result });
    },
  );

  app.post(
    GET_BUILDING_LIST_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZGetBuildingListRequest,
        response: { 200: ZGetBuildingListResponse },
      },
    },
    async (request) =>
      ok(MODULE, { buildingList: await buildingListOf(db, request.body.barangay) }),
  );

  app.post(
    GEOCODE_SEARCH_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZGeocodeSearchRequest,
        response: { 200: ZGeocodeSearchResponse },
      },
    },
    async (request) => {
      const places = await geocoded(() =>
        geocoder.search(request.body.query, request.body.limit ?? 5),
      );
      return ok(MODULE, { places });
    },
  );

  app.post(
    GEOCODE_REVERSE_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZGeocodeReverseRequest,
        response: { 200: ZGeocodeReverseResponse },
      },
    },
    async (request) => {
      const place = await geocoded(() => geocoder.reverse(request.body));
      return ok(MODULE, { place });
    },
  );
};
