// Rasterise every SVG of a folder into a PNG of the same name in another folder (resvg, pinned in package.json).
//   node tools/rasterise.mjs <svg folder> <png folder>
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";

const [from, to] = process.argv.slice(2);
for (const name of readdirSync(from).filter((n) => n.endsWith(".svg"))) {
  const png = new Resvg(readFileSync(join(from, name), "utf8"), { fitTo: { mode: "original" } }).render().asPng();
  writeFileSync(join(to, name.replace(/\.svg$/, ".png")), png);
}
