// Bytecode for the game's archive and for the standard library modules it imports,
// made by the Pyodide of package.json (see tools/precompile.py).
//   node tools/precompile.mjs <game.zip> <main.py> <game out.zip> <python_stdlib.zip> <stdlib out.zip>
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [game, main, gameOut, stdlib, stdlibOut] = process.argv.slice(2);
const pyodide = await loadPyodide();
const put = (path, source) => pyodide.FS.writeFile(path, readFileSync(source));
put("/tmp/precompile.py", new URL("./precompile.py", import.meta.url));
put("/tmp/game.zip", game);
put("/tmp/main.py", main);
put("/tmp/stdlib.zip", stdlib);
pyodide.runPython("import sys; sys.path.append('/tmp')");
const done = pyodide
  .pyimport("precompile")
  .precompile("/tmp/game.zip", "/tmp/main.py", "/tmp/game-out.zip", "/tmp/stdlib.zip", "/tmp/stdlib-out.zip");
writeFileSync(gameOut, pyodide.FS.readFile("/tmp/game-out.zip"));
writeFileSync(stdlibOut, pyodide.FS.readFile("/tmp/stdlib-out.zip"));
console.log(`precompile: bytecode for ${done} (Pyodide ${pyodide.version})`);
