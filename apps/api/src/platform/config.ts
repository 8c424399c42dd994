import path from 'node:path';
import * as z from 'zod';
import {
  DEFAULT_APPLICATION_ID,
  DEFAULT_OPERATOR_NAME,
  DEFAULT_OSS_SEGMENT,
} from '@konek/contract/constants';

// Every environment variable Konek reads, in one place (the README's configuration table mirrors it).
const ZEnvironment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  OSS_SEGMENT: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default(DEFAULT_OSS_SEGMENT),
  OPERATOR_NAME: z.string().min(1).default(DEFAULT_OPERATOR_NAME),
  APPLICATION_ID: z.string().min(1).default(DEFAULT_APPLICATION_ID),
  SERVICE_RADIUS_METERS: z.coerce.number().int().min(10).max(5000).default(250),
  GEOCODER_URL: z.string().url().optional(),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  JWT_PRIVATE_KEY_FILE: z.string().optional(),
  JWT_PUBLIC_KEY_FILE: z.string().optional(),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  webDistDir: string;
  ossSegment: string;
  operatorName: string;
  applicationId: string;
  serviceRadiusMeters: number;
  geocoderUrl: string | undefined;
  /** Empty: the map shows no tiles (offline runs and tests). */
  mapTileUrl: string;
  mapTileAttribution: string;
  jwtPrivateKeyFile: string | undefined;
  jwtPublicKeyFile: string | undefined;
};

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnvironment.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    webDistDir: path.resolve(values.WEB_DIST_DIR),
    ossSegment: values.OSS_SEGMENT,
    operatorName: values.OPERATOR_NAME,
    applicationId: values.APPLICATION_ID,
    serviceRadiusMeters: values.SERVICE_RADIUS_METERS,
    geocoderUrl: values.GEOCODER_URL,
    mapTileUrl: values.MAP_TILE_URL,
    mapTileAttribution: values.MAP_TILE_ATTRIBUTION,
    jwtPrivateKeyFile: values.JWT_PRIVATE_KEY_FILE,
    jwtPublicKeyFile: values.JWT_PUBLIC_KEY_FILE,
  };
}
