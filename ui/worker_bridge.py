"""The computer player's worker, on the page side: browser glue only (main.py loads it lazily).

The worker is created when a game against the computer is open (never at page
load), runs ``bot_worker.py`` in its own Pyodide, and answers each question
with ``ui.botwire.think``; the page stays free to answer taps meanwhile. What
to ask and what an answer does are decided in ``ui.computer``.
"""

import asyncio
import json

from pyscript import PyWorker, window

from ui.computer import REVEAL_SECONDS, WORKER_CONFIG, WORKER_RUNTIME, WORKER_SCRIPT

START_SECONDS = 180  # a slow device's worker loads its own Python runtime first
THINK_SECONDS = 60  # level 3 thinks about a second: far longer is a stuck worker


class WorkerBridge:
    """Sends the app's questions to the worker and brings the answers back as actions."""

    def __init__(self, app, dispatch):
        self.app = app
        self.dispatch = dispatch
        self.worker = None  # a task that ends with the ready worker
        self.sent = None  # the job last sent
        self.stepping = False
        self.tasks = set()

    def update(self):
        """After every action: start the worker, send a new question, schedule the next move shown."""
        computer = self.app.computer
        if self.worker is None and computer.wants_worker:
            self.worker = self._later(self._start())
        job = computer.job()
        if job is not None and job != self.sent:
            self.sent = job
            self._later(self._ask(job, computer.request()))
        match_id = computer.step_due()
        if match_id is not None and not self.stepping:
            self.stepping = True
            self._later(self._step(match_id))

    def _later(self, coroutine):
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)  # kept until done, so it is not collected mid-way
        task.add_done_callback(self.tasks.discard)
        return task

    async def _start(self):
        """The worker, once its Python has started (from this site's runtime, never a CDN)."""
        runtime = window.URL.new(WORKER_RUNTIME, window.location.href).href
        worker = PyWorker(WORKER_SCRIPT, type="pyodide", config=WORKER_CONFIG, version=runtime)
        await worker.ready
        return worker

    async def _ask(self, job, text):
        try:
            worker = await asyncio.wait_for(asyncio.shield(self.worker), START_SECONDS)
            answer = str(await asyncio.wait_for(worker.sync.think(text), THINK_SECONDS))
        except Exception as e:  # failed or stuck: the player may ask again, with a new worker
            self.worker = None
            why = "it took too long" if isinstance(e, asyncio.TimeoutError) else str(e)
            answer = json.dumps({"job": job, "error": f"its worker failed ({why})"})
        self.dispatch("computer-answer", answer)

    async def _step(self, match_id):
        await asyncio.sleep(REVEAL_SECONDS)
        self.stepping = False
        self.dispatch("computer-step", match_id)
