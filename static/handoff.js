// Hand a game link to a tab of this browser that already runs the game, before this
// tab starts Python (which takes seconds). Classic script, loaded before PyScript.
// With no link in the address, or no answer within a moment, the game starts here.
(function () {
  "use strict";
  var CHANNEL = "espionage-links";
  var WAIT_MS = 300; // another open tab answers within milliseconds
  var link = location.hash.slice(1);

  // The page's Pyodide runs without WebAssembly stack switching (JSPI), which it looks for
  // when it starts. With it, Pyodide runs each call from JavaScript into Python on a stack of
  // its own, and Chromium's renderer crashed at load now and then: in the four crash dumps read
  // (Chromium 156, a loaded machine) the main thread ran on a stack apart from its thread's, as
  // those are, and read one word past its top, at the same place in the browser. Pyodide has
  // reports of the kind (pyodide/pyodide#5702, #6106). The game needs no stack switching (no
  // run_sync); Firefox and Safari have none.
  // publish/python-start.mjs does the same for the published page and its warm-up worker,
  // whose snapshot the page restores, and static/worker-python.mjs for the computer's worker.
  function withoutStackSwitching() {
    if (typeof WebAssembly === "undefined") return;
    delete WebAssembly.Suspending;
    delete WebAssembly.Suspender;
  }

  // PyScript reads its config from the page's <script type="py"> when core.js runs: a module
  // added by a script runs as soon as it has loaded, which (core.js being preloaded) can be
  // before the parser reaches that element, and PyScript then starts its default runtime, from
  // its CDN. So it is added once the page is parsed.
  function startHere() {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", startHere);
      return;
    }
    if (document.querySelector("script[data-pyscript-core]")) return;
    withoutStackSwitching();
    var core = document.createElement("script");
    core.type = "module";
    core.src = "./static/vendor/pyscript/core.js";
    core.setAttribute("data-pyscript-core", "");
    document.head.appendChild(core);
  }

  function handedOver() {
    document.documentElement.classList.add("handed-over");
    var box = document.getElementById("handed-over");
    if (box) box.hidden = false;
    var here = document.getElementById("open-here");
    if (here) here.addEventListener("click", function () {
      document.documentElement.classList.remove("handed-over");
      box.hidden = true;
      startHere();
    });
  }

  if (!link || typeof BroadcastChannel !== "function") {
    startHere();
    return;
  }
  var channel = new BroadcastChannel(CHANNEL);
  var id = Math.random().toString(36).slice(2);
  var done = false;
  channel.onmessage = function (event) {
    var data = event.data || {};
    if (done || data.type !== "taken" || data.id !== id) return;
    done = true;
    channel.close();
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", handedOver);
    else handedOver();
  };
  channel.postMessage({ type: "open", id: id, link: link });
  setTimeout(function () {
    if (done) return;
    done = true;
    channel.close();
    startHere();
  }, WAIT_MS);
})();
