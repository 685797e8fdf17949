// The computer's worker's interpreter module (ui/computer.py's WORKER_RUNTIME): the site's
// Pyodide, started without WebAssembly stack switching (JSPI), as the page's is
// (static/handoff.js says why). The worker runs in the page's renderer: a crash there ends
// the page too. Pyodide looks for JSPI when loadPyodide() runs, after this module's body.
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";

delete WebAssembly.Suspending;
delete WebAssembly.Suspender;

export { version };

// PyScript would look for the runtime's files beside this module.
const RUNTIME = new URL("./vendor/pyodide/", import.meta.url).href;

export function loadPyodide(options = {}) {
  return loadRuntime({ ...options, indexURL: RUNTIME });
}
