"""Load-time benchmark: the app page vs a bare PyScript page on the same runtime.

    .venv/bin/python tools/bench_load.py [--runs 7]

Each run opens a fresh browser context (cold cache) and measures, inside the page,
the time from navigation start to the moment Python adds class "ready" to <html>.
Runs alternate between the two pages. Prints the medians and their ratio
(target: app / bare <= 1.25). Exit status 1 if the ratio exceeds --max-ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from tools.browser import launch_chromium
from tools.serve import start_in_thread

PAGES = {"app": "", "bare": "e2e/bare.html"}

# Records performance.now() (ms since navigation start) when <html> gets class "ready".
READY_PROBE = """
new MutationObserver((records, observer) => {
  const html = document.documentElement;
  if (html && html.classList.contains("ready")) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, attributeFilter: ["class"], subtree: true });
"""


def measure(browser, url: str) -> float:
    context = browser.new_context()
    try:
        context.add_init_script(READY_PROBE)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html.ready", state="attached", timeout=120_000)
        return page.evaluate("window.__readyAt")
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per page (default 7)")
    parser.add_argument("--max-ratio", type=float, default=1.25, help="fail above this ratio")
    args = parser.parse_args(argv)

    base, server = start_in_thread()
    times: dict[str, list[float]] = {name: [] for name in PAGES}
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for suffix in PAGES.values():  # warm-up: OS file cache, browser start
                measure(browser, base + suffix)
            for i in range(args.runs):
                order = list(PAGES) if i % 2 == 0 else list(reversed(PAGES))
                for name in order:
                    times[name].append(measure(browser, base + PAGES[name]))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, values in times.items():
        runs = " ".join(f"{v:.0f}" for v in values)
        print(f"{name:5s} median {medians[name]:7.0f} ms   runs: {runs}")
    ratio = medians["app"] / medians["bare"]
    print(f"ratio app/bare: {ratio:.3f} (target <= {args.max_ratio})")
    return 0 if ratio <= args.max_ratio else 1


if __name__ == "__main__":
    sys.exit(main())
