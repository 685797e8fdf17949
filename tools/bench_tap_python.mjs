// Python's share of a tap in Pyodide, the browser's Python, on node's V8 (no page: tools/tap_games.py).
//
//     node tools/bench_tap_python.mjs
//
// The app's own work per tap (dispatch, markup, diff, patches' JSON, the next taps' marks) on the games tools/bench_tap.py
// taps in Chromium, without the browser's work around it: a figure a busy machine disturbs less.
import { projectPyodide } from "./node_pyodide.mjs";

const py = await projectPyodide(["espionage", "ui", "locale", "tools"]);
py.runPython("from tools.tap_games import main; main()");
