"""Screenshots of every screen at tablet size (820x1180) in each browser engine, to look at
side by side.

    .venv/bin/python -m tools.screenshots [folder]     (default: shots/, gitignored)

Walks the screens as a player taps them in Chromium, WebKit and Firefox (those installed
here: tools/engines.py) against the project served by tools/serve.py, and writes one PNG
per screen, <folder>/<engine>/<nn>-<screen>.png. Run ./test.sh (or ./serve.sh) once
first: it installs the runtime the page loads and, as root, the engines.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tools import compile_catalogs
from tools.engines import ENGINES, engine, missing
from tools.serve import start_in_thread

ROOT = Path(__file__).resolve().parent.parent
TABLET = (820, 1180)

# (a button to tap, or a link to open) then the screen it leads to, to photograph
WALK = [
    (None, "home"),
    ("Pass and play", "options"),
    ("Start", None), ("Random setup", "setup"),
    ("Ready", "cover"),
    ("Show Blue's board", None), ("Random setup", None), ("Ready", None), ("Show Red's board", "play"),
    ("Resign", "play-resign"),
    ("Resign", "over"),
    ("Rules", "rules"),
    ("Back", None),
    ("#not-a-link", "link-error"),
    ("Home", None), ("Play by link", "link-options"),
    ("Set up your army", None), ("Random setup", None), ("Ready", "link-send"),
    ("Home", None), ("Play the computer", "computer-options"),
]  # fmt: skip


def walk(device, folder):
    """Tap through WALK on ``device``, saving each named screen; the paths written."""
    written = []
    for step, shot in WALK:
        if step is None:
            device.open()
        elif step.startswith("#"):
            device.open_link(step[1:])
        else:
            device.tap(step)
        if shot:
            path = folder / f"{len(written) + 1:02d}-{shot}.png"
            device.screenshot(path)
            written.append(path)
    return written


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else ROOT / "shots")
    compile_catalogs.main()
    url, server = start_in_thread(ROOT)
    try:
        for name in ENGINES:
            if missing(name):
                print(f"{name}: skipped, not installed here ({missing(name)})")
                continue
            (folder / name).mkdir(parents=True, exist_ok=True)
            with engine(name, url) as new_device:
                for path in walk(new_device(*TABLET), folder / name):
                    print(path)
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
