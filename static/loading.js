// Loading screen: shows PyScript's start-up stages until Python marks <html class="ready">.
// Classic script, loaded before PyScript (a module, so deferred): it hears every stage.
(function () {
  "use strict";
  // PyScript/Polyscript dispatch `py:progress` on window with a short stage text.
  var STAGES = {
    "Loading Pyodide": [10, "Loading Python runtime…"],
    "Loading Storage": [12, "Loading Python runtime…"],
    "Loaded Storage": [15, "Loading Python runtime…"],
    "Loading interpreter": [20, "Loading Python runtime…"],
    "Loaded interpreter": [75, "Python runtime loaded"],
    "Loading files": [80, "Loading game code…"],
    "Loaded files": [90, "Game code loaded"],
    "Loaded Pyodide": [95, "Starting the game…"],
  };
  var failed = false;

  function show(percent, text) {
    if (failed) return;
    var bar = document.getElementById("loading-bar");
    var label = document.getElementById("loading-text");
    if (bar && percent !== null && percent > (+bar.value || 0)) bar.value = percent;
    if (label && text) label.textContent = text;
  }

  function fail(message) {
    if (failed || document.documentElement.classList.contains("ready")) return;
    show(null, "The game could not start: " + message);
    failed = true;
    document.documentElement.classList.add("load-failed");
  }

  window.addEventListener("py:progress", function (event) {
    var stage = STAGES[event.detail];
    if (stage) show(stage[0], stage[1]);
  });
  window.addEventListener("error", function (event) {
    fail(event.message || "a script failed to load");
  });
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    fail((reason && reason.message) || String(reason));
  });
  if (typeof WebAssembly !== "object") {
    document.addEventListener("DOMContentLoaded", function () {
      fail("this browser has no WebAssembly support.");
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    show(5, "Loading Python runtime…");
    // PyScript shows a Python error as a <div class="py-error"> appended to <body>.
    new MutationObserver(function (records, observer) {
      if (document.querySelector(".py-error")) {
        fail("a Python error occurred (details below).");
        observer.disconnect();
      }
    }).observe(document.body, { childList: true });
  });
})();
