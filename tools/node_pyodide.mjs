// Pyodide (the browser's Python) in node, holding the project's own folders: for the benchmarks
// that time Python alone (tools/bench_think.mjs, tools/bench_tap_python.mjs).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const HOME = "/home/pyodide";

/** Pyodide with each of ``folders`` (of the project) copied in, its Python and compiled catalogs,
 * importable from ``sys.path``. */
export async function projectPyodide(folders) {
  const py = await loadPyodide();
  function copy(dir, dest) {
    py.FS.mkdirTree(dest);
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== "__pycache__") copy(path, `${dest}/${name}`);
      } else if (/\.(py|mo)$/.test(name)) {
        py.FS.writeFile(`${dest}/${name}`, readFileSync(path));
      }
    }
  }
  for (const folder of folders) copy(join(ROOT, folder), `${HOME}/${folder}`);
  py.runPython(`import sys; sys.path.insert(0, "${HOME}")`);
  return py;
}
