import { useCallback, useEffect, useRef, useState } from 'react';
import { opsPositionCall } from '@konek/contract/tracking';
import { opsCall, type OpsFailure } from './ops-client';

// ADR 051: while a job is on the way, the phone's position goes to the API (opsPositionCall) from
// navigator.geolocation.watchPosition — only after the technician tapped "On my way", only for that job,
// at most every SEND_EVERY_MS, and never once they stop it, arrive, or leave the page.

export const SEND_EVERY_MS = 5_000;

export type SharingState =
  | { kind: 'off' }
  | { kind: 'starting' }
  | { kind: 'sharing'; sentAt: number | null; failed: boolean }
  | { kind: 'stopped' }
  | { kind: 'denied' }
  | { kind: 'unavailable' };

export function usePositionSharing(
  workOrderId: string | null,
  token: string,
  onFailure: (failure: OpsFailure) => void,
): { state: SharingState; stop: () => void; start: () => void } {
  const [stoppedFor, setStoppedFor] = useState<string | null>(null);
  const [restart, setRestart] = useState(0);
  /** What the watch of `key` (a job and a start) last reported. */
  const [reported, setReported] = useState<{ key: string; state: SharingState } | null>(null);
  const failureRef = useRef(onFailure);
  useEffect(() => {
    failureRef.current = onFailure;
  });

  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  const active = workOrderId !== null && stoppedFor !== workOrderId && !!geolocation;
  const key = active ? `${workOrderId}:${restart}` : null;
  useEffect(() => {
    if (key === null || workOrderId === null || !geolocation) return;
    let lastSent = 0;
    let sending = false;
    let ended = false;
    const report = (state: SharingState) => {
      if (!ended) setReported({ key, state });
    };
    const watchId = geolocation.watchPosition(
      (position) => {
        const now = Date.now();
        if (ended || sending || now - lastSent < SEND_EVERY_MS) return;
        sending = true;
        lastSent = now;
        const { latitude, longitude, accuracy } = position.coords;
        void opsCall(
          opsPositionCall,
          {
            work_order_id: workOrderId,
            lat: latitude,
            lng: longitude,
            accuracy_m: Number.isFinite(accuracy) ? Math.min(accuracy, 100_000) : null,
          },
          token,
        ).then((result) => {
          sending = false;
          if (result.ok) {
            report({ kind: 'sharing', sentAt: Date.now(), failed: false });
          } else {
            report({ kind: 'sharing', sentAt: null, failed: true });
            if (!ended) failureRef.current(result);
          }
        });
      },
      (error) => {
        report(
          error.code === error.PERMISSION_DENIED ? { kind: 'denied' } : { kind: 'unavailable' },
        );
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    return () => {
      ended = true;
      geolocation.clearWatch(watchId);
    };
  }, [key, workOrderId, token, geolocation]);

  const stop = useCallback(() => setStoppedFor(workOrderId), [workOrderId]);
  const start = useCallback(() => {
    setStoppedFor(null);
    setRestart((count) => count + 1);
  }, []);

  let state: SharingState;
  if (workOrderId === null) state = { kind: 'off' };
  else if (stoppedFor === workOrderId) state = { kind: 'stopped' };
  else if (!geolocation) state = { kind: 'unavailable' };
  else state = reported?.key === key ? reported.state : { kind: 'starting' };
  return { state, stop, start };
}
