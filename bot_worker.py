"""The computer player's worker (started by ui/worker_bridge.py): answers ``think`` questions.

It loads the same Python files as the page (pyscript.toml) and only ever
receives the computer's own view, as data (ui/botwire.py). The published site
gives it the game as one archive (python.zip, tools/build.py), imported from as
it is, like the page does."""

import os
import sys

if os.path.isfile("python.zip") and "python.zip" not in sys.path:
    sys.path.insert(0, "python.zip")

from pyscript import sync

from ui.botwire import think

sync.think = think
