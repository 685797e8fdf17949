// Python's share of a tap in Pyodide, the browser's Python, on node's V8 (no page: tools/tap_games.py).
//
//     node tools/bench_tap_python.mjs
//
// The app's own work per tap (dispatch, markup, diff, patches' JSON) on the games tools/bench_tap.py
// taps in Chromium, without the browser's work around it: a figure a busy machine disturbs less.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide();

function copyPackage(dir, dest) {
  py.FS.mkdirTree(dest);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copyPackage(path, `${dest}/${name}`);
    } else if (/\.(py|mo)$/.test(name)) {
      py.FS.writeFile(`${dest}/${name}`, readFileSync(path));
    }
  }
}
for (const name of ["espionage", "ui", "locale"]) copyPackage(join(root, name), `/home/pyodide/${name}`);
py.FS.mkdirTree("/home/pyodide/tools");
py.FS.writeFile("/home/pyodide/tools/tap_games.py", readFileSync(join(root, "tools", "tap_games.py")));
py.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
from tools.tap_games import main
main()
`);
