// The first visit's preparation of the next ones (started by publish/sw-register.js once
// the service worker has taken the site in): a module worker that starts Python as the
// page does, from the service worker's copy of the runtime, and draws the home screen.
//
// Why: V8 keeps the machine code it compiles for a WebAssembly module with the cached
// response it came from, but only once the module has run for a while (hot functions
// optimised, then a pause of a few seconds). The first visit's runtime came from the
// network, so without this the second visit would compile Pyodide's 10 MB of
// WebAssembly again, function by function as Python starts (seconds on a tablet).
// The worker is controlled by the service worker (it is created after the worker is
// active, from a URL in its scope), so its copy is the one the next visit loads.
//
// Posts "ready" once the home screen is drawn, "done" when it stops (HOLD_MS later).
// tools/build.py writes the runtime's folder (pyscript.toml's interpreter) into RUNTIME.
const RUNTIME = new URL("{runtime}/", import.meta.url).href;
const GAME = new URL("./python.zip", import.meta.url).href;
const HOLD_MS = 12000; // V8 caches the module a few seconds after its last optimisation

const { loadPyodide } = await import(RUNTIME + "pyodide.mjs");
const [pyodide, game] = await Promise.all([
  loadPyodide({ indexURL: RUNTIME }),
  fetch(GAME).then((response) => response.arrayBuffer()),
]);
pyodide.unpackArchive(game, "zip");
pyodide.runPython("from ui.app import App\nfrom ui.saves import MemoryStorage\nApp(MemoryStorage()).html()");
postMessage("ready");
setTimeout(() => {
  postMessage("done");
  close();
}, HOLD_MS);
