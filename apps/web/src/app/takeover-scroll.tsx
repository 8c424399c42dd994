import { useLayoutEffect } from 'react';
import { ScrollRestoration } from 'react-router';

// ADR 041: a visitor can scroll index.html's copy of the home page before the app takes over. The app's
// first render keeps that position; React Router's scroll restoration would reset it to the top (it
// does on any first render without a saved position).
//
// The position is read before the commit, not in it: once React has put its page in place of the copy,
// reading `window.scrollY` makes the browser lay the whole page out there and then, inside the commit's
// task, instead of in the frame that follows (the longest task of a phone's first load). Scrolling to
// (0, 0) needs no layout, so only a visitor who did scroll pays for one.

let positionAtTakeover: number | null = null;

function rememberPosition(): void {
  positionAtTakeover = window.scrollY;
}

/** Called before the first render when the copy is on screen (app/start.tsx). */
export function markTakeover(): void {
  rememberPosition();
  // The render is spread over several tasks (a transition): the visitor may still scroll meanwhile.
  window.addEventListener('scroll', rememberPosition, { passive: true });
}

function RestorePosition() {
  useLayoutEffect(() => {
    if (positionAtTakeover === null) return;
    window.removeEventListener('scroll', rememberPosition);
    if (positionAtTakeover !== 0) window.scrollTo(0, positionAtTakeover);
    positionAtTakeover = null;
  }, []);
  return null;
}

/**
 * product §9 manual scroll restoration (React Router's), which on the first render after the copy keeps
 * the visitor where they scrolled: the position last seen before the commit is put back after the
 * router's reset, in the same commit, before anything is drawn.
 */
export function AppScrollRestoration() {
  return (
    <>
      <ScrollRestoration />
      <RestorePosition />
    </>
  );
}
