// Think time of the computer in Pyodide, the browser's Python (run by node on the same V8 and wasm).
//
//     node tools/bench_think.mjs [positions]      (default 60)
//
// The positions are those of `python -m espionage.bot.bench` (games between level-1 bots, seed 1).
// Level 3 thinks by the wall clock (about a second), as in the page's worker; levels 1 and 2 by counts.
// For each level it prints p50/p95/max of the wall time, which a busy shared machine inflates,
// and of this process's CPU time, which stays fair there; the page's worker thinks on one core.
import { projectPyodide } from "./node_pyodide.mjs";

const py = await projectPyodide(["espionage"]);

const positions = Number(process.argv[2] || 60);
console.log(
  py.runPython(`
import sys, time
import js
from espionage.bot.bench import positions
from espionage.bot.player import LEVELS, Bot

def cpu():
    usage = js.process.cpuUsage()
    return (usage.user + usage.system) / 1e6

views = positions(${positions}, 1)
lines = [f"Python {sys.version.split()[0]} in Pyodide, {len(views)} positions"]
for level in sorted(LEVELS):
    bot, wall, used = Bot(level, seed=1), [], []
    for view in views:
        start, start_cpu = time.perf_counter(), cpu()
        bot.turn(view)
        wall.append(time.perf_counter() - start)
        used.append(cpu() - start_cpu)
    for name, t in (("wall", sorted(wall)), ("CPU", sorted(used))):
        p50, p95 = t[len(t) // 2], t[min(len(t) - 1, int(0.95 * len(t)))]
        lines.append(f"level {level} ({name}): p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {t[-1] * 1000:.0f} ms")
"\\n".join(lines)
`),
);
