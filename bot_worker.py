"""The computer player's worker (started by ui/worker_bridge.py): answers ``think`` questions.

It loads the same Python files as the page (pyscript.toml) and only ever
receives the computer's own view, as data (ui/botwire.py)."""

from pyscript import sync

from ui.botwire import think

sync.think = think
