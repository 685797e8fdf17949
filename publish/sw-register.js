// The published site's service worker (tools/service_worker.mjs): offline play and
// fast second visits. Loaded only by the built site (tools/build.py adds it to
// index.html), never by ./serve.sh's development page.
//
// Updates never break a game in progress: a new version's worker installs in the
// background and waits. At the next start, if one is waiting, the page offers it
// ("Update" reloads into it; "Later" keeps the current version).
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  var workers = navigator.serviceWorker;

  // Ask the worker that waits now to take over (the page reloads at its controllerchange), and
  // again every two seconds until it has: a message to a worker that the browser is starting
  // can be lost, and the worker offered may have been replaced by a newer one. A worker that
  // took over without a controllerchange here reloads the page as well.
  function takeOver() {
    workers.getRegistration("./").then(function (registration) {
      if (!registration) return;
      if (registration.waiting) registration.waiting.postMessage({ type: "SKIP_WAITING" });
      else if (registration.active && registration.active !== workers.controller) location.reload();
    });
  }

  function offer() {
    if (document.getElementById("update-offer")) return;
    var bar = document.createElement("div");
    bar.id = "update-offer";
    bar.setAttribute("role", "status");
    bar.innerHTML =
      "<span>A new version of Espionage is ready.</span> " +
      '<button type="button" data-update="now">Update</button>' +
      '<button type="button" data-update="later" class="quiet">Later</button>';
    bar.addEventListener("click", function (event) {
      var choice = event.target.getAttribute("data-update");
      if (choice === "now") {
        workers.addEventListener("controllerchange", function () { location.reload(); });
        takeOver();
        setInterval(takeOver, 2000);
      }
      if (choice) bar.remove();
    });
    document.body.appendChild(bar);
  }

  // At start: a version installed during an earlier visit waits for the player's yes.
  document.addEventListener("DOMContentLoaded", function () {
    workers.getRegistration("./").then(function (registration) {
      if (registration && registration.waiting && workers.controller) offer();
    });
  });

  // A start without a snapshot (the first visit, a new version), once the service worker is
  // active: prepare the next starts (publish/warm-up.mjs: the runtime's compiled code, a
  // snapshot of Python). <html data-runtime-prepared> when it is done.
  function prepareNextVisits() {
    var worker = new Worker("./warm-up.mjs", { type: "module" });
    function finish(outcome) {
      worker.terminate();
      document.documentElement.setAttribute("data-runtime-prepared", outcome);
    }
    worker.onmessage = function (event) {
      if (event.data === "done") finish("yes");
    };
    worker.onerror = function (event) {
      event.preventDefault();
      console.warn("Preparing the next start failed: " + (event.message || "no module workers here"));
      finish("failed");
    };
  }

  // Once the game is ready (not to slow the first start down): install, or look for a new version.
  function register() {
    workers.register("./sw.js").catch(function (error) {
      console.warn("Offline play is not available: " + error);
    });
    if (html.getAttribute("data-python-start") === "fresh") workers.ready.then(prepareNextVisits);
  }
  var html = document.documentElement;
  new MutationObserver(function (records, observer) {
    if (html.classList.contains("ready")) {
      observer.disconnect();
      register();
    }
  }).observe(html, { attributes: true, attributeFilter: ["class"] });
})();
