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


def launch_chromium(playwright, **kwargs):
    """playwright.chromium.launch() with the system Chromium when there is one."""
    path = chromium_path()
    if path:
        kwargs.setdefault("executable_path", path)
    kwargs.setdefault("args", CHROMIUM_ARGS)
    return playwright.chromium.launch(**kwargs)


def crash_dumps() -> set[Path]:
    """The crash dumps Chromium has written on this machine (its Crashpad database under the
    user's config folder): a test that failed while one was written saw the browser crash,
    not a slow page."""
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return set((config / "chromium" / "Crash Reports").glob("*/*.dmp"))
