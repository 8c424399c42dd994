// @ts-check
// ADR 042: runs the built app at `/` in jsdom, as a new visitor's browser would (nothing stored, no server
// answering yet), and posts back the shell cut out of what it rendered; then takes it to each of
// `introPaths` and posts the page drawn there cut down to its screen's intro, its top elements marked as
// the copy and its form and buttons inert. With a `visitor` (ADR 072), the browser holds that visitor's cookies
// and storage from the start (a signed-in customer), and only the intros of `introPaths` count. A worker
// thread of the build (prerender-pages.ts): the page's globals, timers and pending requests live and die
// with it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { JSDOM } from 'jsdom';

const RENDER_TIMEOUT_MS = 20_000;
/** The render counts as finished once the page has not changed for this long. */
const QUIET_MS = 300;

/** @type {{ outDir: string, html: string, entry: string, marker: string, shellMarker: string, introPaths: string[], storedAddressIntros: { path: string, storage: Record<string, string>, placeholders: Record<string, string> }[], slotAttribute: string, placeholderPrefix: string, visitor?: { cookies: string[], storage: Record<string, string> } }} */
const {
  outDir,
  html,
  entry,
  marker,
  shellMarker,
  introPaths,
  storedAddressIntros,
  slotAttribute,
  placeholderPrefix,
  visitor,
} = workerData;

const dom = new JSDOM(html, { url: 'http://localhost/', pretendToBeVisual: true });
const { window } = dom;
const { document } = window;

/** @param {string} name @param {unknown} value */
function setGlobal(name, value) {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}
// The browser's names, as the app's code reads them: jsdom's window for what Node lacks, and the window
// itself for what both have but the app means the page's (its location, its storage…).
const windowGlobals = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window));
for (const name of Object.getOwnPropertyNames(window)) {
  if (!(name in globalThis)) setGlobal(name, windowGlobals[name]);
}
for (const name of ['window', 'self', 'document', 'navigator', 'location', 'history']) {
  setGlobal(name, windowGlobals[name]);
}
// No server: every request stays unanswered, as on a first visit before any reply has come back.
const unanswered = () => new Promise(() => undefined);
setGlobal('fetch', unanswered);
windowGlobals['fetch'] = unanswered;
const noScrolling = () => undefined;
setGlobal('scrollTo', noScrolling);
windowGlobals['scrollTo'] = noScrolling;

// jsdom loads no stylesheets; the chunk loader waits for each one's load event, so it is given at once.
new window.MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node instanceof window.HTMLLinkElement) {
        queueMicrotask(() => node.dispatchEvent(new window.Event('load')));
      }
    }
  }
}).observe(document.head, { childList: true });

/**
 * Resolves once `isDrawn` holds and nothing has changed for QUIET_MS.
 * @param {Element} root
 * @param {() => boolean} isDrawn
 * @param {string} what the page waited for, for the error
 * @returns {Promise<void>}
 */
function settled(root, isDrawn, what) {
  return new Promise((resolve, reject) => {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let quietTimer;
    const giveUp = setTimeout(() => {
      reject(new Error(`${what} did not render within ${RENDER_TIMEOUT_MS} ms`));
    }, RENDER_TIMEOUT_MS);
    const check = () => {
      if (!isDrawn()) return;
      clearTimeout(quietTimer);
      quietTimer = setTimeout(() => {
        clearTimeout(giveUp);
        resolve();
      }, QUIET_MS);
    };
    new window.MutationObserver(check).observe(root, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
    check();
  });
}

// ADR 072: a signed-in customer's browser holds the session's cookies and the journey's records before
// the app reads them.
for (const cookie of visitor?.cookies ?? []) document.cookie = cookie;
for (const [key, value] of Object.entries(visitor?.storage ?? {})) {
  window.localStorage.setItem(key, value);
}

await import(pathToFileURL(path.join(outDir, entry)).href);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
await settled(root, () => root.querySelector('main h1') !== null, 'the home page');
const copy = markedCopy(root);
const shell = shellOf(copy);
/** @type {Record<string, string>} */
const intros = {};
for (const introPath of introPaths) {
  const intro = await introAt(root, introPath);
  // What the build stored for a signed-in customer (their city) shows nowhere in their intro.
  if (visitor && intro.includes(placeholderPrefix)) {
    throw new Error(`${introPath}: its intro shows what the build stored`);
  }
  intros[introPath] = intro;
}
// ADR 058: intros that show what the visitor stored (the plans page's city, notify-me's reason and
// address), drawn for such a visitor with placeholders, each then left as an empty named element that
// the first-paint script fills.
for (const { path: introPath, storage, placeholders } of storedAddressIntros) {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(storage)) window.localStorage.setItem(key, value);
  let intro = await introAt(root, introPath);
  for (const [slot, placeholder] of Object.entries(placeholders)) {
    if (intro.split(placeholder).length !== 2) {
      throw new Error(`${introPath}: its intro should show the stored ${slot} once`);
    }
    intro = intro.replace(placeholder, `<span ${slotAttribute}="${slot}"></span>`);
  }
  // What the build stored shows nowhere else in the intro (the words differ between visitors).
  if (intro.includes(placeholderPrefix)) {
    throw new Error(`${introPath}: its intro shows what the build stored outside its slots`);
  }
  intros[introPath] = intro;
}
window.localStorage.clear();
parentPort?.postMessage({ shell, intros });

/**
 * What #root holds now, its top elements marked as the copy. Until the app has taken over, the form and
 * the buttons take no input: what a visitor typed would be lost, and a button does nothing before the
 * app runs (links work as plain links).
 * @param {Element} root
 */
function markedCopy(root) {
  const copy = /** @type {Element} */ (root.cloneNode(true));
  for (const element of copy.children) element.setAttribute(marker, '');
  for (const control of copy.querySelectorAll('form, button')) control.setAttribute('inert', '');
  return copy;
}

/**
 * ADR 042: the page at `introPath` as the app first draws it for a signed-out visitor, cut down to the
 * screen's intro (the element marked data-intro: its badge, heading and lead) inside the page's own
 * header, step band and footer. The app gets there the way a visitor's Back button would take it.
 * @param {Element} root
 * @param {string} introPath
 */
async function introAt(root, introPath) {
  window.history.pushState(null, '', introPath);
  window.dispatchEvent(new window.PopStateEvent('popstate', { state: null }));
  await settled(root, () => root.querySelector('main [data-intro] h1') !== null, introPath);
  const copy = markedCopy(root);
  const intro = copy.querySelector('main [data-intro]');
  if (!intro) throw new Error(`${introPath} has no intro`);
  // Only the intro and what it sits in: the form beside it, and whatever follows, are the app's.
  for (let element = intro; element.tagName !== 'MAIN' && element.parentElement;) {
    for (const sibling of [...element.parentElement.children]) {
      if (sibling !== element) sibling.remove();
    }
    element = element.parentElement;
  }
  // ADR 072: a signed-in customer's header names them once the app has asked who they are; until then
  // it shows no account entry, as the shell's header shows none.
  for (const entry of copy.querySelectorAll('header [data-tag$="_account_menu"]')) {
    entry.parentElement?.remove();
  }
  return copy.innerHTML;
}

/**
 * ADR 042: the frame every other page is drawn in before the app runs: the home page's header and
 * footer (the same for every visitor until the app knows who they are) around a skeleton of a screen,
 * without the step band (the step differs by page) and the header's sign-in entry (a signed-in
 * customer's header shows their name instead).
 * @param {Element} copy
 */
function shellOf(copy) {
  const page = /** @type {Element} */ (copy.firstElementChild?.cloneNode(true));
  const main = page.querySelector('main');
  if (!main) throw new Error('the home page has no <main>');
  page.removeAttribute(marker);
  page.setAttribute(shellMarker, '');
  // The layout's own parts stay (skip link, header, main, footer); the step band goes.
  for (const part of [...page.children]) {
    if (!['A', 'HEADER', 'MAIN', 'FOOTER'].includes(part.tagName)) part.remove();
  }
  page.querySelector('header [data-tag="header_sign_in"]')?.remove();
  // Not the home page; and its ids are its own (index.html holds the copy's too).
  for (const current of page.querySelectorAll('[aria-current]'))
    current.removeAttribute('aria-current');
  for (const element of page.querySelectorAll('[id]')) element.id = `${element.id}-shell`;
  for (const element of page.querySelectorAll('[aria-controls]')) {
    element.setAttribute('aria-controls', `${element.getAttribute('aria-controls')}-shell`);
  }
  for (const link of page.querySelectorAll('a[href^="#"]')) {
    link.setAttribute('href', `${link.getAttribute('href')}-shell`);
  }
  main.setAttribute('aria-busy', 'true');
  main.innerHTML =
    '<div class="container konek-shell-skeleton" aria-hidden="true">' +
    '<span class="konek-shell-line konek-shell-eyebrow"></span>' +
    '<span class="konek-shell-line konek-shell-title"></span>' +
    '<span class="konek-shell-line"></span><span class="konek-shell-line konek-shell-short"></span>' +
    '<span class="konek-shell-block"></span></div>';
  return page.outerHTML;
}
