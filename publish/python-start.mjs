// The published site's interpreter module (page.toml's `interpreter` in the built site;
// development loads Pyodide directly): Pyodide's own loadPyodide, started from a memory
// snapshot when an earlier visit left one (publish/warm-up.mjs), with the game's Python.
//
// The game's archive (python.zip: the game, PyScript's own Python package, bytecode for all
// of it) is fetched alongside the runtime and put in Python's file system as it is, first on
// sys.path: Python imports from it without unpacking it (zipimport), and ui/i18n.py reads the
// catalogs in it through its module's loader.
//
// A snapshot is Python's whole memory once the interpreter has started and imported what
// the first screen needs: restoring it skips both. It serves only the runtime it was made
// by (Pyodide checks its build) and the game code it holds (its key names the digest of
// python.zip). A snapshot that fails, or whose start never got the page ready, is deleted
// and Python starts the ordinary way. tools/build.py writes the runtime's folder and the
// game archive's digest below.
import { loadPyodide as loadRuntime, version } from "{runtime}/pyodide.mjs";

// Pyodide without WebAssembly stack switching (JSPI), as the page's (static/handoff.js says
// why), here for the warm-up worker too: its snapshot is restored by a page without it.
// Pyodide looks for it when loadRuntime() runs, after this.
delete WebAssembly.Suspending;
delete WebAssembly.Suspender;

export { version };

const RUNTIME = new URL("{runtime}/", import.meta.url).href;
const GAME = new URL("./python.zip", import.meta.url).href;
const GAME_PATH = "/home/pyodide/python.zip"; // as tools/precompile.py compiled it (tracebacks' file names)
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

/** The snapshot's bytes, still being read (Pyodide awaits them once it has started fetching
 * and compiling the runtime), or null if there is none. */
async function findSnapshot() {
  try {
    const response = await (await caches.open(SNAPSHOTS)).match(SNAPSHOT);
    return response ? { bytes: response.arrayBuffer() } : null;
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

export async function fetchGame() {
  const response = await fetch(GAME);
  if (!response.ok) throw new Error(`${GAME}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Put the game's archive (fetchGame) in Python's file system, first on sys.path (before the
 * working directory, where PyScript writes its Python package's sources: the archive has them
 * with their bytecode; a start from a snapshot has put the working directory back in front). */
export function addGame(pyodide, archive) {
  pyodide.FS.writeFile(GAME_PATH, new Uint8Array(archive));
  const path = JSON.stringify(GAME_PATH);
  pyodide.runPython(`import sys\nif ${path} in sys.path: sys.path.remove(${path})\nsys.path.insert(0, ${path})`);
}

/** PyScript's call: Pyodide from the snapshot if there is a good one, else as usual. Says
 * which in <html data-python-start>: "snapshot", "fresh" (none yet: publish/sw-register.js
 * has one made) or "fallback" (this game's snapshot failed here: none is made again). */
export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: RUNTIME };
  const html = document.documentElement;
  const game = fetchGame();
  game.catch(() => {}); // awaited below; a failure is reported there
  if (remembered(TRYING)) await failed("the last start from it never got ready");
  const snapshot = remembered(FAILED) ? null : await findSnapshot();
  if (snapshot) {
    try {
      remember(TRYING, true);
      const pyodide = await loadRuntime({ ...settings, _loadSnapshot: snapshot.bytes });
      addGame(pyodide, await game);
      pyodide.runPython("import random as _r; _r.seed(); del _r"); // not the snapshot's random state
      whenReady(() => remember(TRYING, false));
      html.dataset.pythonStart = "snapshot";
      return pyodide;
    } catch (error) {
      await failed(error);
    }
  }
  html.dataset.pythonStart = remembered(FAILED) ? "fallback" : "fresh";
  const pyodide = await loadRuntime(settings);
  addGame(pyodide, await game);
  return pyodide;
}
