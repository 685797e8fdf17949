"""Where the start of the published site goes: a timeline of one cold or warm visit.

    .venv/bin/python tools/profile_start.py [--warm] [--page app|bare] [--rate 4] [--runs 3]

Builds the site like tools/bench_start.py, opens it in a fresh profile (after one
visit that installs the service worker, with --warm) and prints, in seconds since
navigation start (medians over --runs): the runtime's downloads (from the network
or the service worker), how many WebAssembly functions V8 compiled on their first call
(none when it had the runtime's compiled code cached), PyScript's stages, the import
of each of the game's modules (inclusive, Python's -X importtime idea) and
<html class="ready">.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import tomllib
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from tools import build
from tools.bench_start import PAGES, READY_TIMEOUT_MS, SUB_PATH, bare_page, first_visit
from tools.bench_start import PROBE as STAGE_PROBE
from tools.browser import launch_chromium
from tools.serve import start_in_thread

# Times PyScript's stages (WebAssembly is left alone: a wrapped WebAssembly.instantiateStreaming
# loses V8's code cache); once core.js is loaded, adds Python
# run before main.py (PyScript runs it as async code) that times every import (inclusive) into window.profileImports.
PROBE = STAGE_PROBE + """
const IMPORT_TIMER = `
import sys, time, js
from importlib.abc import MetaPathFinder
class _Timer(MetaPathFinder):
    def find_spec(self, name, path, target=None):
        for finder in sys.meta_path:
            if finder is self:
                continue
            spec = finder.find_spec(name, path, target) if hasattr(finder, "find_spec") else None
            if spec is not None and spec.loader is not None and hasattr(spec.loader, "exec_module"):
                loader = spec.loader
                original = loader.exec_module
                def exec_module(module, original=original, name=name):
                    start = time.perf_counter()
                    try:
                        original(module)
                    finally:
                        js.profileImports.push(js.Array.of(name, js.performance.now(), (time.perf_counter() - start) * 1000))
                try:
                    loader.exec_module = exec_module
                except (AttributeError, TypeError):
                    pass
                return spec
        return None
js.profileImports = js.Array.new()
sys.meta_path.insert(0, _Timer())
`;
// PyScript reads its hooks when core.js runs: load it first (the page's own import reuses it).
if (location.pathname.endsWith("/")) {
  import(new URL("./static/vendor/pyscript/core.js", location.href).href)
    .then(({ hooks }) => hooks.main.codeBeforeRunAsync.add(IMPORT_TIMER));
}
"""

CATEGORIES = ["devtools.timeline", "v8.wasm"]  # more (v8, v8.wasm.detailed) and V8 skips its code cache


def visit(browser, base: str, page_name: str, warm: bool, rate: float) -> dict:
    context = browser.new_context()
    try:
        context.add_init_script(PROBE)
        if warm:
            first_visit(context, base)
        page = context.new_page()
        if rate != 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        browser.start_tracing(page=page, categories=CATEGORIES)
        page.goto(base + PAGES[page_name])
        page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT_MS)
        result = page.evaluate(
            """({
              ready: window.__readyAt, stages: window.__stages,
              imports: window.profileImports || [],
              resources: performance.getEntriesByType("resource").map(e => [
                e.name.split("/").pop(), e.startTime, e.responseEnd, e.workerStart > 0, e.encodedBodySize]),
              controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
            })"""
        )
        trace = json.loads(browser.stop_tracing())
        result["lazy_compiles"] = sum(e.get("name") == "wasm.CompileLazy" for e in trace.get("traceEvents", []))
        page.close()
        return result
    finally:
        context.close()


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) / 1000 if values else float("nan")


def report(results: list[dict], top: int) -> str:
    runs = " ".join(f"{r['ready'] / 1000:.2f}" for r in results)
    lines = [f"ready {median(r['ready'] for r in results):.2f}  (runs: {runs})"]
    lines.append("downloads (start - end, size; sw = served by the service worker):")
    for name, *_ in results[0]["resources"]:
        rows = [next((x for x in r["resources"] if x[0] == name), None) for r in results]
        rows = [x for x in rows if x]
        if len(rows) == len(results):
            lines.append(f"  {name:36} {median(x[1] for x in rows):6.2f} - {median(x[2] for x in rows):5.2f}"
                         f"  {rows[0][4] / 1e6:6.2f} MB{'  sw' if rows[0][3] else ''}")
    lines.append("WebAssembly:")
    compiles = " ".join(str(r["lazy_compiles"]) for r in results)
    lines.append(f"  functions compiled on first call (none: V8 had the compiled code cached): {compiles}")
    lines.append("PyScript stages:")
    for name, _ in results[0]["stages"]:
        lines.append(f"  {name:36} {median(dict(r['stages']).get(name) for r in results):6.2f}")
    if results[0]["imports"]:
        lines.append(f"imports before ready, inclusive ms (top {top}), with the time each one ended:")
        names = {name for r in results for name, *_ in r["imports"]}
        rows = []
        for name in names:
            spent = [next((x[2] for x in r["imports"] if x[0] == name), None) for r in results]
            ended = [next((x[1] for x in r["imports"] if x[0] == name), None) for r in results]
            rows.append((statistics.median([s for s in spent if s is not None]), name, median(ended)))
        for spent, name, ended in sorted(rows, reverse=True)[:top]:
            lines.append(f"  {name:36} {spent:7.1f} ms  ended {ended:5.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warm", action="store_true", help="a second visit, served by the service worker")
    parser.add_argument("--page", choices=["app", "bare"], default="app")
    parser.add_argument("--rate", type=float, default=1, help="CPU throttling rate (default 1)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--top", type=int, default=25, help="imports listed (default 25)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="espionage-profile-") as tmp:
        site = build.build(Path(tmp) / SUB_PATH)
        config = tomllib.loads((build.ROOT / "pyscript.toml").read_text(encoding="utf-8"))
        (site / "bare.html").write_text(bare_page(config), encoding="utf-8")
        base, server = start_in_thread(Path(tmp))
        try:
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                results = [visit(browser, base, args.page, args.warm, args.rate) for _ in range(args.runs)]
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    print(f"{args.page} {'warm' if args.warm else 'cold'} at CPU {args.rate:g}x, seconds since navigation start,"
          f" median of {args.runs}:")
    print(report(results, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
