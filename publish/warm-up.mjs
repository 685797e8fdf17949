// The first visit's preparation of the next ones (started by publish/sw-register.js once
// the service worker has taken the site in): a module worker that starts Python as the
// page does, from the service worker's copy of the runtime, imports what the first screen
// needs, draws it once, and leaves two things for the next start:
//
// - V8's compiled code for the runtime's WebAssembly. V8 keeps it with the cached response
//   the module came from, but only once the module has run for a while (hot functions
//   optimised, then a pause of a few seconds). The first visit's runtime came from the
//   network, so without this the second visit would compile Pyodide's 10 MB of
//   WebAssembly again, function by function as Python starts. This worker is controlled
//   by the service worker (created after it is active, from a URL in its scope), so its
//   copy is the one the next visit loads.
// - A memory snapshot of this Python (publish/python-start.mjs restores it): the
//   interpreter started and the first screen's modules imported. Made before any game
//   state exists; only modules that never touch JavaScript are imported.
//
// Posts "ready" once both are under way, "done" when it stops (HOLD_MS later).
// tools/build.py writes the runtime's folder and the game archive's digest into the URLs.
import { SNAPSHOT, SNAPSHOTS, addGame, fetchGame } from "./python-start.mjs";

const RUNTIME = new URL("{runtime}/", import.meta.url).href;
const HOLD_MS = 30000; // V8 caches the module 2 s after its last optimisation (later on a busy CPU)
// What main.py and PyScript's own Python import before the first screen, and the screen.
const PRELOAD = `
import asyncio, base64, functools, inspect, json
import espionage.board, espionage.pieces, ui.app, ui.patch, ui.render, ui.saves
ui.app.App(ui.saves.MemoryStorage()).html()
del asyncio, base64, functools, inspect, json, espionage, ui
`;

// Then, the snapshot saved, work like a player for a few seconds: the game's and the
// interpreter's hot functions are optimised, so that V8 has enough optimised code to cache
// the module (without it, whether V8 cached it at all depended on how busy the first
// visit happened to be).
const WORKOUT_SECONDS = 8;
const WORKOUT = `
import random, time
from espionage import Game
from ui.app import App
from ui.saves import MemoryStorage
_rng = random.Random(7)
_end = time.monotonic() + ${WORKOUT_SECONDS}
while time.monotonic() < _end:
    _app = App(MemoryStorage(), rng=_rng)
    _app.html()
    _app.dispatch("rules")
    _app.html()
    _game = Game.random(rng=_rng)
    for _ in range(80):
        _moves = _game.legal_moves()
        if not _moves or _game.outcome:
            break
        _game.play(_rng.choice(_moves))
`;

const { loadPyodide } = await import(RUNTIME + "pyodide.mjs");
const [pyodide, game] = await Promise.all([
  loadPyodide({ indexURL: RUNTIME, _makeSnapshot: true }),
  fetchGame(),
]);
addGame(pyodide, game); // as the page does: the snapshot imported from the archive, on sys.path
pyodide.runPython(PRELOAD);
const snapshot = pyodide.makeMemorySnapshot();
const cache = await caches.open(SNAPSHOTS);
for (const request of await cache.keys()) await cache.delete(request);
await cache.put(SNAPSHOT, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
postMessage("ready");
pyodide.runPython(WORKOUT);
setTimeout(() => {
  postMessage("done");
  close();
}, HOLD_MS);
