import type { Database } from '../../platform/db/database';
import { buildGeography, geographyDatasetVersion } from './geography/build-geography';
import { importGeography } from './import-geography';
import { COVERAGE_SEED_VERSION } from './coverage/demo-network-plan';
import { importDemoNetwork } from './coverage/import-coverage';
import { runSeedOnce } from './seed-runs';
import { IDENTITY_SEED_VERSION } from './identity/demo-subscribers';
import { importIdentityDemo } from './identity/import-identity-demo';
import { CATALOG_SEED_VERSION } from './catalog/demo-offers';
import { importCatalog } from './catalog/import-catalog';
import { INSTALLATION_SEED_VERSION } from './installation/demo-installation-plan';
import { importInstallationDemo } from './installation/import-installation';

type Logger = { info: (message: string) => void };

/**
 * Imports reference and demo data that is missing or out of date. Each part records its version in
 * seed_runs and is skipped on later starts, so a warm start does no seeding work.
 */
export async function seedDatabase(database: Database, logger: Logger): Promise<void> {
  const geographyVersion = geographyDatasetVersion();
  const geographyStarted = performance.now();
  const isGeographyImported = await runSeedOnce(
    database.db,
    'geography',
    geographyVersion,
    async (transaction) => {
      const geography = buildGeography();
      await importGeography(transaction, geography);
      logger.info(
        `imported geography: ${geography.provinces.length} provinces, ${geography.cities.length} cities/municipalities, ${geography.barangays.length} barangays`,
      );
    },
  );
  if (isGeographyImported) {
    logger.info(`geography import took ${Math.round(performance.now() - geographyStarted)} ms`);
  }

  // The demo network sits on the geography: re-import it whenever the geography changed.
  await runSeedOnce(
    database.db,
    'coverage',
    `${COVERAGE_SEED_VERSION}+${geographyVersion}`,
    async (transaction) => {
      const counts = await importDemoNetwork(transaction);
      logger.info(
        `imported the demo coverage network: ${counts.naps} NAPs, ${counts.buildings} buildings`,
      );
    },
  );

  // ADR 011: demo subscribers for get account (prepaid) and the remote payment-method setting.
  await runSeedOnce(database.db, 'identity', IDENTITY_SEED_VERSION, async (transaction) => {
    const counts = await importIdentityDemo(transaction);
    logger.info(`imported ${counts.subscribers} demo subscribers and the remote settings`);
  });

  // ADR 012–015: the demo catalogue (offers, vouchers) and the home page's configuration.
  await runSeedOnce(database.db, 'catalog', CATALOG_SEED_VERSION, async (transaction) => {
    const counts = await importCatalog(transaction);
    logger.info(
      `imported the demo catalogue: ${counts.offers} offers in ${counts.categories} categories, ${counts.vouchers} vouchers`,
    );
  });

  // ADR 035: work zones and crew plans; the slots themselves are made from them on every start.
  await runSeedOnce(
    database.db,
    'installation',
    `${INSTALLATION_SEED_VERSION}+${geographyVersion}`,
    async (transaction) => {
      const counts = await importInstallationDemo(transaction);
      logger.info(`imported ${counts.zones} installation work zones and their crew plans`);
    },
  );
}
