// The published site's interpreter module (pyscript.toml's `interpreter` in the built site;
// development loads Pyodide directly): Pyodide's own loadPyodide, started from a memory
// snapshot when an earlier visit left one (publish/warm-up.mjs).
//
// A snapshot is Python's whole memory once the interpreter has started and imported what
// the first screen needs: restoring it skips both. It serves only the runtime it was made
// by (Pyodide checks its build) and the game code it holds (its key names the digest of
// python.zip). A snapshot that fails, or whose start never got the page ready, is deleted
// and Python starts the ordinary way. tools/build.py writes the runtime's folder and the
// game archive's digest below.
import { loadPyodide as loadRuntime, version } from "{runtime}/pyodide.mjs";

export { version };

const RUNTIME = new URL("{runtime}/", import.meta.url).href;
export const SNAPSHOTS = "python-snapshots"; // Cache Storage, outside the service worker's caches
export const SNAPSHOT = new URL("./python-snapshot?game={game}", import.meta.url).href;
const TRYING = "espionage:snapshot-starting"; // set while a snapshot start has not reached ready
const FAILED = "espionage:snapshot-failed"; // a snapshot that failed here is not made again

function remembered(key) {
  try {
    return localStorage.getItem(key) === SNAPSHOT;
  } catch (error) {
    return false;
  }
}

function remember(key, yes) {
  try {
    if (yes) localStorage.setItem(key, SNAPSHOT);
    else localStorage.removeItem(key);
  } catch (error) {
    // no storage here: nothing to remember a failure by, nor a start to watch
  }
}

async function readSnapshot() {
  try {
    const response = await (await caches.open(SNAPSHOTS)).match(SNAPSHOT);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (error) {
    return null; // no Cache Storage here (an insecure page)
  }
}

async function failed(why) {
  console.warn(`Starting Python from the snapshot failed (${why}): starting afresh.`);
  remember(TRYING, false);
  remember(FAILED, true);
  await caches.delete(SNAPSHOTS).catch(() => {});
}

function whenReady(callback) {
  const html = document.documentElement;
  new MutationObserver((records, observer) => {
    if (html.classList.contains("ready")) {
      observer.disconnect();
      callback();
    }
  }).observe(html, { attributes: true, attributeFilter: ["class"] });
}

/** PyScript's call: Pyodide from the snapshot if there is a good one, else as usual. Says
 * which in <html data-python-start>: "snapshot", "fresh" (none yet: publish/sw-register.js
 * has one made) or "fallback" (this game's snapshot failed here: none is made again). */
export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: RUNTIME };
  const html = document.documentElement;
  if (remembered(TRYING)) await failed("the last start from it never got ready");
  const snapshot = remembered(FAILED) ? null : await readSnapshot();
  if (snapshot) {
    try {
      remember(TRYING, true);
      const pyodide = await loadRuntime({ ...settings, _loadSnapshot: snapshot });
      pyodide.runPython("import random as _r; _r.seed(); del _r"); // not the snapshot's random state
      whenReady(() => remember(TRYING, false));
      html.dataset.pythonStart = "snapshot";
      return pyodide;
    } catch (error) {
      await failed(error);
    }
  }
  html.dataset.pythonStart = remembered(FAILED) ? "fallback" : "fresh";
  return loadRuntime(settings);
}
