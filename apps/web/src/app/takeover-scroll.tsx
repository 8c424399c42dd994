import { useLayoutEffect } from 'react';
import { ScrollRestoration } from 'react-router';

// ADR 041: a visitor can scroll index.html's copy of the home page before the app takes over. The app's
// first render keeps that position; React Router's scroll restoration would reset it to the top (it
// does on any first render without a saved position).

let isTakeover = false;
let positionAtTakeover: number | null = null;

/** Called before the first render when the copy is on screen (app/start.tsx). */
export function markTakeover(): void {
  isTakeover = true;
}

function CapturePosition() {
  useLayoutEffect(() => {
    if (isTakeover) positionAtTakeover = window.scrollY;
  }, []);
  return null;
}

function RestorePosition() {
  useLayoutEffect(() => {
    if (positionAtTakeover !== null) window.scrollTo(0, positionAtTakeover);
    isTakeover = false;
    positionAtTakeover = null;
  }, []);
  return null;
}

/**
 * product §9 manual scroll restoration (React Router's), which on the first render after the copy keeps
 * the visitor where they scrolled: the position is read before it resets it and put back after, in the
 * same commit, before anything is drawn.
 */
export function AppScrollRestoration() {
  return (
    <>
      <CapturePosition />
      <ScrollRestoration />
      <RestorePosition />
    </>
  );
}
