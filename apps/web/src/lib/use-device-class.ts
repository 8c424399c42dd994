import { useSyncExternalStore } from 'react';
import { currentDeviceClass, type DeviceClass } from './device';

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** product §9 device class of the current window width, re-rendering when a resize crosses a boundary. */
export function useDeviceClass(): DeviceClass {
  return useSyncExternalStore(subscribeToResize, currentDeviceClass, () => 'desktop');
}
