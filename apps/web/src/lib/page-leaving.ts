// A page being left (a full navigation, a reload, the tab closing) has its calls cancelled by the
// browser: to the page they look like a lost connection. That is the visitor leaving, not an error of the
// service, so it is not reported (product §7.3 reports the failures a customer meets).
//
// The browser cancels the calls just before it tells the page (`pagehide`), and their code runs as soon
// as the first pagehide listener returns, before this module's may have. So the decision waits for the
// next task: by then the page has heard it is being left, or it is gone and the task never runs.

let isLeaving = false;

window.addEventListener('pagehide', () => {
  isLeaving = true;
});
// Back to a page kept in the back-forward cache: it is shown again, and its calls are real again.
window.addEventListener('pageshow', () => {
  isLeaving = false;
});

/** Runs `report` in the next task, unless by then the visitor is leaving the page. */
export function reportUnlessPageIsLeft(report: () => void): void {
  setTimeout(() => {
    if (!isLeaving) report();
  }, 0);
}
