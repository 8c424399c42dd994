import type { FastifyBaseLogger } from 'fastify';
import { BuildingLookupUnavailableError, type BuildingLookup } from './building-lookup';
import { createHttpBuildingLookup } from './http-building-lookup';
import { createLocalBuildingLookup, type ListedBuildingCatalogue } from './local-building-lookup';

export type BuildingLookupSettings =
  { provider: 'local' } | { provider: 'http'; url: string; timeoutMs: number };

/**
 * The building lookup chosen by configuration (BUILDING_LOOKUP): the local catalogue unless the
 * facility service is set. A failure is logged here with its reason and the provider; the caller
 * answers the customer 503 (the decision cannot be made without it).
 */
export function createBuildingLookup(
  settings: BuildingLookupSettings,
  local: ListedBuildingCatalogue,
  operatorName: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): BuildingLookup {
  const lookup =
    settings.provider === 'http'
      ? createHttpBuildingLookup({
          baseUrl: settings.url,
          operatorName,
          timeoutMs: settings.timeoutMs,
        })
      : createLocalBuildingLookup(local);
  async function logged<T>(ask: () => Promise<T>): Promise<T> {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof BuildingLookupUnavailableError) {
        log.warn({ provider: lookup.name, reason: error.message }, 'building lookup unavailable');
      }
      throw error;
    }
  }
  return {
    name: lookup.name,
    buildingsOf: (area) => logged(() => lookup.buildingsOf(area)),
    buildingsNear: (point, meters) => logged(() => lookup.buildingsNear(point, meters)),
  };
}
