// Generate the site's service worker with Workbox: it precaches every file of the site.
//   node tools/service_worker.mjs <site folder> <build id> <source maps: 0|1>
// Each build gets its own cache (named after the build id); when the new worker
// activates it deletes the caches of older builds. A new worker waits until the
// page asks it to take over (publish/sw-register.js), so a game in progress keeps
// the files it started with.
import { generateSW } from "workbox-build";

const [site, buildId, sourceMaps] = process.argv.slice(2);
const { count, size, warnings } = await generateSW({
  globDirectory: site,
  globPatterns: ["**/*"],
  globIgnores: ["sw.js", "sw.js.map", "workbox-*.js"],
  swDest: `${site}/sw.js`,
  cacheId: `espionage-${buildId}`,
  cleanupOutdatedCaches: true,
  skipWaiting: false,
  clientsClaim: false,
  inlineWorkboxRuntime: true,
  sourcemap: sourceMaps === "1",
  mode: "production",
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  directoryIndex: "index.html",
  ignoreURLParametersMatching: [/.*/],
});
for (const warning of warnings) console.warn(`service worker: ${warning}`);
console.log(`service worker: precaches ${count} files, ${(size / 1e6).toFixed(1)} MB (cache espionage-${buildId})`);
