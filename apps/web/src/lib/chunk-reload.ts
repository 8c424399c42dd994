// product §8 "Other messages": after a chunk load failure the page reloads, at most once per minute. A
// failed lazy import usually means a deploy replaced the hashed files this page was built against;
// reloading fetches the new index.html. If it fails again within the minute, the error page shows.

export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'konek.chunk-reload-at';

export type ChunkReloadEnvironment = {
  now: () => number;
  storage: () => Storage;
  reload: () => void;
};

const browserEnvironment: ChunkReloadEnvironment = {
  now: () => Date.now(),
  storage: () => window.sessionStorage,
  reload: () => window.location.reload(),
};

/** Records and starts a reload unless one happened in the last minute; says whether it did. */
export function reloadForChunkError(
  environment: ChunkReloadEnvironment = browserEnvironment,
): boolean {
  const now = environment.now();
  try {
    const storage = environment.storage();
    const last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY));
    if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    // Without sessionStorage there is no way to limit reloads, so never reload (no reload loop).
    return false;
  }
  environment.reload();
  return true;
}

/** Runs a lazy import; on failure reloads the page (at most once a minute) or rethrows. */
export async function importWithReload<T>(
  load: () => Promise<T>,
  environment: ChunkReloadEnvironment = browserEnvironment,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!reloadForChunkError(environment)) throw error;
    // The page is going away; never settle, so no error page flashes before the reload.
    return new Promise<T>(() => undefined);
  }
}

/** Vite reports failed preloads of a lazy chunk's dependencies with this event (not a rejection). */
export function installPreloadErrorReload(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadForChunkError()) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
