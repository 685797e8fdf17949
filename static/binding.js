// The page's side of the browser binding (main.py): the few steps main.py asks of the
// page in one call each, since each step from Python to the DOM costs a tablet more
// than the step itself. Classic script, loaded before PyScript starts (index.html).
(function () {
  "use strict";

  // PyScript watches the whole document for Python scripts and py-* event attributes, and
  // searches every element a change adds (an XPath query each: a few ms of a Submit's frame
  // on a tablet). The app's root holds neither (its controls have data-action, handled by
  // listenToClicks), so an observer of the whole document is not told of changes within it.
  // PyScript makes its observer after this script has run (handoff.js starts it).
  const Observer = globalThis.MutationObserver;
  globalThis.MutationObserver = class extends Observer {
    constructor(callback) {
      super((records, observer) => {
        const app = observer.espionageWholePage ? document.getElementById("app") : null;
        const told = app ? records.filter((record) => !app.contains(record.target)) : records;
        if (told.length) callback(told, observer);
      });
    }

    observe(target, options) {
      if (target === document) this.espionageWholePage = true;
      super.observe(target, options);
    }
  };

  // All of a render's patches (ui/patch.py, as JSON) go to the page at once. An element is
  // found by its path, patches near one another sharing the walk.
  function putPatches(root, patches) {
    const elements = new Map([["", root]]);
    const at = (path) => {
      const key = path.join();
      let element = elements.get(key);
      if (element === undefined) {
        element = at(path.slice(0, -1)).children[path[path.length - 1]];
        if (element === undefined) throw new Error(`no element at ${key}`);
        elements.set(key, element);
      }
      return element;
    };
    for (const [kind, path, markup, start, count, attributes] of JSON.parse(patches)) {
      const element = at(path);
      if (kind === "attrs") {
        for (const [name, value] of attributes) {
          if (value === null) element.removeAttribute(name); else element.setAttribute(name, value);
        }
      } else if (kind === "text") {
        element.textContent = markup;
      } else if (kind === "inner") {
        element.innerHTML = markup;
      } else if (kind === "outer") {
        element.outerHTML = markup;
      } else {
        const old = [...element.children].slice(start, start + count);
        const next = element.children[start + count];
        if (markup && next) next.insertAdjacentHTML("beforebegin", markup);
        else if (markup) element.insertAdjacentHTML("beforeend", markup);
        for (const child of old) child.remove();
      }
    }
  }

  // A function that runs ``run`` once the next frame is drawn (a task after its animation frame).
  function afterNextFrame(run) {
    return () => { requestAnimationFrame(() => setTimeout(run, 0)); };
  }

  // The canvas's pixels per board unit, and where the board's origin is (as an <svg>'s viewBox: centred).
  function boardUnits(canvas) {
    const [x0, y0, width, height] = canvas.getAttribute("data-view-box").split(" ").map(Number);
    const scale = Math.min(canvas.width / width, canvas.height / height);
    return [scale, (canvas.width - width * scale) / 2 - x0 * scale, (canvas.height - height * scale) / 2 - y0 * scale];
  }

  // The marks over the board (ui/render.marks_canvas) are painted on its canvas from its
  // data-marks, shapes in the board's units: a tablet paints these few shapes within the
  // tap's frame, where any change to the page's SVG would take two.
  function paint(canvas, marks = canvas.getAttribute("data-marks"), board = null) {
    const context = canvas.getContext("2d");
    if (!context) return;  // no canvas drawing here: the squares still say what is selected
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    if (board) context.drawImage(board.bitmap, board.sx, board.sy);
    const [scale, left, top] = boardUnits(canvas);
    context.setTransform(scale, 0, 0, scale, left, top);
    // The canvas stays on the screen, transparent where it shows nothing: a change of its
    // opacity would make a tablet's browser sort the whole page into layers again in the tap's
    // frame (tools/trace_board_change.py, ``opacity``), where a drawing on it does not.
    for (const [, , shapes] of JSON.parse(marks)) {
      for (const [d, fill, opacity, stroke, lineWidth] of shapes) {
        const path = new Path2D(d);
        if (fill) Object.assign(context, { globalAlpha: opacity, fillStyle: fill }).fill(path);
        if (stroke) Object.assign(context, { globalAlpha: 1, strokeStyle: stroke, lineWidth }).stroke(path);
      }
    }
    canvas.espionagePainted = marks;
  }

  // Bitmaps of boards that taps will draw (ui/board_image.py), made while the page is at rest, by
  // key; each for the canvas's size then. A tap paints its board from one in its frame.
  const boards = new Map();
  const KEPT_BOARDS = 8;  // Undo's, Submit's, and with reduced motion a move to each square a piece may go to
  let preparing = Promise.resolve();

  function canvasBox(canvas, [x, y, width, height]) {  // a rectangle of the board in the canvas's pixels, a pixel around
    const [scale, left, top] = boardUnits(canvas);
    const sx = Math.max(0, Math.floor(left + x * scale) - 1), sy = Math.max(0, Math.floor(top + y * scale) - 1);
    return [sx, sy, Math.min(canvas.width, Math.ceil(left + (x + width) * scale) + 1) - sx,
            Math.min(canvas.height, Math.ceil(top + (y + height) * scale) + 1) - sy];
  }

  async function bitmapOf(canvas, markup, box) {
    const sized = markup.replace('width="100%" height="100%"', `width="${canvas.width}" height="${canvas.height}"`);
    const url = URL.createObjectURL(new Blob([sized], { type: "image/svg+xml" }));
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      const [sx, sy, width, height] = canvasBox(canvas, box);
      return { bitmap: await createImageBitmap(image, sx, sy, width, height), sx, sy, size: `${canvas.width} ${canvas.height}` };
    } finally {
      URL.revokeObjectURL(url);
    }
  }

  // The image ``key`` (its SVG ``markup``, the board units ``box`` it changes) made a bitmap, once,
  // one after another. A browser that cannot (no canvas, an image it will not draw) is not asked
  // again: its taps patch the board's SVG in their frame instead.
  let unable = false;
  function prepareBoard(root, key, markup, box) {
    const canvas = root.querySelector("canvas.board-marks");
    if (unable || !canvas || !canvas.width || boards.has(key)) return;
    boards.set(key, null);
    preparing = preparing.then(() => bitmapOf(canvas, markup, JSON.parse(box))).then((made) => {
      if (boards.has(key)) boards.set(key, made); else made.bitmap.close();
    }, (error) => {
      unable = true;
      boards.delete(key);
      console.warn(`no board images here (${error}): taps patch the board at once`);
    });
    while (boards.size > KEPT_BOARDS) {
      const [oldest, made] = boards.entries().next().value;
      made?.bitmap.close();
      boards.delete(oldest);
    }
  }

  // Paint the board ``key`` prepared for this canvas, and ``marks`` over it; false: none ready.
  function paintBoard(root, key, marks) {
    const canvas = root.querySelector("canvas.board-marks");
    const made = canvas && boards.get(key);
    if (!made || made.size !== `${canvas.width} ${canvas.height}`) return false;
    paint(canvas, marks, made);
    canvas.espionagePainted = null;  // painted again with its marks once the board's SVG is patched
    return true;
  }

  // A canvas is sized to its box in device pixels, and painted again with what it showed.
  let sizer = null;
  function resized(entries) {
    for (const { target, contentRect } of entries) {
      if (!target.isConnected) {  // its screen is gone
        sizer.unobserve(target);
        continue;
      }
      target.width = Math.round(contentRect.width * devicePixelRatio);
      target.height = Math.round(contentRect.height * devicePixelRatio);
      paint(target, target.espionagePainted ?? undefined);  // a board painted from a bitmap is not kept
    }
  }

  // ``marks`` (optional): a tap's, painted ahead of the page's (its data-marks, patched a frame
  // later). A canvas is painted when it is new (once laid out and sized), or when what it shows
  // is not its data-marks. False: no canvas on the page.
  function paintMarks(root, marks) {
    const canvas = root.querySelector("canvas.board-marks");
    if (!canvas) return false;
    sizer ??= new ResizeObserver(resized);
    if (!canvas.espionageSized) {
      canvas.espionageSized = true;
      try {
        sizer.observe(canvas, { box: "device-pixel-content-box" });  // told of a new pixel ratio too
      } catch {
        sizer.observe(canvas);
      }
    } else if (marks !== undefined && marks !== null) {
      paint(canvas, marks);
    } else if (canvas.espionagePainted !== canvas.getAttribute("data-marks")) {
      paint(canvas);
    }
    return true;
  }

  // A click on a square goes to onSquare as the square's name, one on a control (an enabled
  // element with a data-action, but the link's text) to onAction as its action and argument,
  // any other to onClick: each step from Python to the event costs a tablet.
  function listenToClicks(root, onSquare, onAction, onClick) {
    root.addEventListener("click", (event) => {
      const square = event.target.closest("g.square");
      const control = square || event.target.id === "link-text" ? null : event.target.closest("[data-action]");
      if (square) onSquare(square.getAttribute("data-square"));
      else if (control && !control.disabled) onAction(control.getAttribute("data-action"), control.getAttribute("data-arg") || "");
      else onClick(event);
    });
  }

  // Resolves once the boards asked for are prepared (a benchmark's page at rest).
  const prepared = () => preparing;

  globalThis.espionageBinding = { putPatches, afterNextFrame, paintMarks, prepareBoard, paintBoard, prepared, listenToClicks };
})();
