"""Launching Chromium for the browser tests and the load benchmark."""

from __future__ import annotations

import os
from pathlib import Path

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """The Chromium to use: $ESPIONAGE_CHROMIUM, else /usr/bin/chromium, else None (Playwright's own)."""
    explicit = os.environ.get("ESPIONAGE_CHROMIUM")
    if explicit:
        return explicit
    return str(SYSTEM_CHROMIUM) if SYSTEM_CHROMIUM.exists() else None


def chromium_options(back_forward_cache: bool = False, **kwargs) -> dict:
    """Playwright's launch options for Chromium here: the system Chromium when there is one, with
    the flags above. ``back_forward_cache``: without the flag by which Playwright turns that cache
    off, so that the browser keeps a page left as players' browsers do."""
    options = {"args": list(CHROMIUM_ARGS), **kwargs}
    path = chromium_path()
    if path:
        options.setdefault("executable_path", path)
    if back_forward_cache:
        options["ignore_default_args"] = [*options.get("ignore_default_args", []), "--disable-back-forward-cache"]
    return options


def launch_chromium(playwright, **kwargs):
    """playwright.chromium.launch() with ``chromium_options``."""
    return playwright.chromium.launch(**chromium_options(**kwargs))


def crash_dumps() -> set[Path]:
    """The crash dumps Chromium has written on this machine (its Crashpad database under the
    user's config folder): a test that failed while one was written saw the browser crash,
    not a slow page."""
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return set((config / "chromium" / "Crash Reports").glob("*/*.dmp"))
