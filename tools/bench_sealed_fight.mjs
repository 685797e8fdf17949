// The cryptography of sealed fights in Pyodide, the browser's Python, on node's V8 (tools/bench_sealed_fight.py).
//
//     node tools/bench_sealed_fight.mjs
//
// Needs the pinned group library in static/vendor/python/ (./test.sh or .venv/bin/python tools/vendor.py --python).
import { projectPyodide } from "./node_pyodide.mjs";

const py = await projectPyodide(["espionage", "tools", "static/vendor/python"]);
py.runPython(`import sys; sys.path.insert(0, "/home/pyodide/static/vendor/python")`);
py.runPython("from tools.bench_sealed_fight import main; main()");
