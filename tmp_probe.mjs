import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
const py = await loadPyodide();
py.runPython("import sys; before = set(sys.modules)");
for (const f of process.argv.slice(2)) { py.FS.mkdirTree(f.split("/").slice(0,-1).join("/") || "."); py.FS.writeFile(f, readFileSync(f)); }
try {
console.log(py.runPython(`
import time, importlib.util
t = time.perf_counter()
import ui.app
t_import = time.perf_counter() - t
new = [m for m in sorted(sys.modules) if m not in before]
std = [m for m in new if not m.startswith(("ui", "espionage"))]
tot = 0
for m in std:
    spec = importlib.util.find_spec(m)
    src = spec.loader.get_source(m) if spec and spec.loader and hasattr(spec.loader, "get_source") else None
    if src:
        a = time.perf_counter(); compile(src, m, 'exec'); tot += time.perf_counter() - a
own = 0
import glob
for f in glob.glob("espionage/*.py") + glob.glob("ui/*.py"):
    a = time.perf_counter(); compile(open(f).read(), f, 'exec'); own += time.perf_counter() - a
f"import ui.app {t_import*1000:.0f} ms; {len(before)} modules at start; app adds {len(new)}: stdlib {len(std)}: {std}; compile stdlib {tot*1000:.0f} ms, ours {own*1000:.0f} ms"
`));
} catch (e) { console.log(e.message); }
