"""Start-time benchmark of the published site: cold and warm, app and bare page, 1x and 4x CPU.

    .venv/bin/python tools/bench_start.py [--runs 3] [--rates 1 4]

Builds the site (tools/build.py) into a temporary folder and serves it under
/espionage/ with the plain static server, next to a bare PyScript page on the
same runtime (Python only marks it ready; it loads the runtime's pyodide.mjs
itself, as development does, so it has no snapshot of ours, but its warm visit
shares the service worker's copy of the runtime, whose compiled WebAssembly the
app's first visit may have had V8 cache). Also measured, cold only: "stock",
the bare page on the runtime as npm ships it (its python_stdlib.zip without the
bytecode the build adds), served from /stock/ outside the service worker's scope.
Times are from navigation start to <html class="ready">, measured in the page:

- cold: a fresh browser profile (empty HTTP cache, no service worker);
- warm: a fresh profile that visited the app once (service worker installed and
  active, the first visit's preparation of the next ones done: publish/warm-up.mjs),
  then opens the page again: a second visit, served by the worker.

Chromium's CPU is throttled with the DevTools protocol
(Emulation.setCPUThrottlingRate) for rates above 1; 4 is a tablet-class CPU.
Prints the medians, each run, where the app's time goes (PyScript's stages) and
the targets: warm app <= 0.6 x cold bare, and warm app < 1.05 x warm bare.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import tomllib
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from tools import build
from tools.browser import launch_chromium
from tools.serve import start_in_thread

ROOT = Path(__file__).resolve().parent.parent
SUB_PATH = "espionage"
PAGES = {"app": f"{SUB_PATH}/", "bare": f"{SUB_PATH}/bare.html", "stock": "stock/bare.html"}
WARM_PAGES = ("app", "bare")
READY_TIMEOUT_MS = 120_000

# performance.now() (ms since navigation start) of each PyScript stage and of class "ready"
PROBE = """
window.__stages = [];
addEventListener("py:progress", (event) => window.__stages.push([event.detail, performance.now()]));
new MutationObserver((records, observer) => {
  const html = document.documentElement;
  if (html && html.classList.contains("ready")) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, attributeFilter: ["class"], subtree: true });
"""


def bare_page(config: dict) -> str:
    """A PyScript page on the site's runtime that only marks itself ready."""
    settings = json.dumps({"interpreter": config["interpreter"], "plugins": config.get("plugins", [])})
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare PyScript page</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="./static/vendor/pyscript/core.css">
<script type="module" src="./static/vendor/pyscript/core.js"></script>
</head><body>
<script type="py" config='{settings}'>
from pyscript import document
document.documentElement.classList.add("ready")
</script>
</body></html>
"""


def wait_until_ready(page) -> None:
    """Until <html class="ready">; a start that failed or never ends says how far it got."""
    try:
        page.wait_for_selector("html.ready, html.load-failed", state="attached", timeout=READY_TIMEOUT_MS)
    except PlaywrightTimeout:
        pass
    if not page.locator("html.ready").count():
        said = page.evaluate("[document.getElementById('loading-text')?.textContent, window.__stages]")
        raise SystemExit(f"bench_start: {page.url} did not get ready: {said}")


def visit(context, url: str, rate: float) -> dict:
    page = context.new_page()
    try:
        if rate != 1:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.goto(url)
        wait_until_ready(page)
        return page.evaluate(
            "({ready: window.__readyAt, stages: window.__stages,"
            " controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller)})"
        )
    finally:
        page.close()


def first_visit(context, base: str) -> None:
    """The app's first visit: the service worker installs and becomes active, then the page
    prepares the next visits (publish/warm-up.mjs) while the player would look at the home
    screen; the visit ends when <html data-runtime-prepared> says that is over."""
    page = context.new_page()
    page.goto(base + PAGES["app"])
    wait_until_ready(page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_selector("html[data-runtime-prepared]", state="attached", timeout=READY_TIMEOUT_MS)
    page.close()


def measure(browser, base: str, name: str, warm: bool, rate: float) -> dict:
    context = browser.new_context()
    try:
        context.add_init_script(PROBE)
        if warm:
            first_visit(context, base)
        result = visit(context, base + PAGES[name], rate)
        if warm and not result["controlled"]:
            raise SystemExit(f"bench_start: the warm visit of {name} was not served by the service worker")
        return result
    finally:
        context.close()


def stage_times(results: list[dict]) -> str:
    """Median time at which each PyScript stage was reached, then ready."""
    names = [name for name, _ in results[0]["stages"]]
    parts = []
    for name in names:
        times = [dict(r["stages"]).get(name) for r in results]
        times = [t for t in times if t is not None]
        if times:
            parts.append(f"{name} {statistics.median(times) / 1000:.2f}")
    parts.append(f"ready {statistics.median(r['ready'] for r in results) / 1000:.2f}")
    return ", ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each measurement (default 3)")
    parser.add_argument("--rates", type=float, nargs="+", default=[1, 4], help="CPU throttling rates (default 1 4)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="espionage-bench-") as tmp:
        site = build.build(Path(tmp) / SUB_PATH)
        # the bare pages load the runtime itself, as development does (the site's own
        # interpreter module starts from a snapshot of the game: publish/python-start.mjs)
        config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
        (site / "bare.html").write_text(bare_page(config), encoding="utf-8")
        stock = Path(tmp) / "stock"
        shutil.copytree(site / "static", stock / "static")
        shutil.copy2(ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip", stock / "static/vendor/pyodide")
        (stock / "bare.html").write_text(bare_page(config), encoding="utf-8")
        base, server = start_in_thread(Path(tmp))
        results: dict[tuple, list[dict]] = {}
        try:
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                for name in PAGES:  # warm-up: OS file cache, browser start
                    measure(browser, base, name, warm=False, rate=1)
                for rate in args.rates:
                    for i in range(args.runs):
                        order = list(PAGES) if i % 2 == 0 else list(reversed(PAGES))
                        for warm in (False, True):
                            for name in (n for n in order if n in WARM_PAGES or not warm):
                                result = measure(browser, base, name, warm, rate)
                                results.setdefault((rate, name, warm), []).append(result)
                                print(f"  {rate:g}x {name} {'warm' if warm else 'cold'}: {result['ready']:.0f} ms",
                                      file=sys.stderr, flush=True)
                browser.close()
        finally:
            server.shutdown()
            server.server_close()

    def median(rate, name, warm):
        return statistics.median(r["ready"] for r in results[(rate, name, warm)]) / 1000

    def runs(rate, name, warm):
        return " ".join(f"{r['ready'] / 1000:.2f}" for r in results.get((rate, name, warm), []))

    ok = True
    print(f"time to html.ready, seconds, median of {args.runs} (runs in brackets)")
    print(f"{'CPU':>4} {'page':5} {'cold':>7} {'warm':>7}")
    for rate in args.rates:
        for name in PAGES:
            warm = f"{median(rate, name, True):7.2f}" if name in WARM_PAGES else f"{'-':>7}"
            print(f"{rate:>3g}x {name:5} {median(rate, name, False):7.2f} {warm}"
                  f"   cold [{runs(rate, name, False)}]  warm [{runs(rate, name, True)}]")
    for rate in args.rates:
        warm_app = median(rate, "app", True)
        vs_cold, vs_warm = warm_app / median(rate, "bare", False), warm_app / median(rate, "bare", True)
        passed = vs_cold <= 0.6 and vs_warm < 1.05
        ok = ok and passed
        print(f"{rate:g}x: warm app / cold bare {vs_cold:.2f} (target <= 0.6), "
              f"warm app / warm bare {vs_warm:.2f} (target < 1.05): {'met' if passed else 'NOT met'}; "
              f"warm app / cold stock bare {warm_app / median(rate, 'stock', False):.2f}")
    print("where the time goes (seconds since navigation start, medians):")
    for rate in args.rates:
        for name in PAGES:
            for warm in (False, True) if name in WARM_PAGES else (False,):
                label = f"{rate:g}x {name} {'warm' if warm else 'cold'}"
                print(f"  {label:14} {stage_times(results[(rate, name, warm)])}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
