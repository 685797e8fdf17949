// Firefox for the Python end-to-end tests (tools/engines.py), over WebDriver BiDi with
// puppeteer-core: no geckodriver needed. One JSON request a line on stdin, one answer
// a line on stdout: {"id", "op", ...arguments} -> {"id", "value"} or {"id", "error"}.
//   node tools/firefox_bridge.mjs /usr/bin/firefox-esr
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.argv[2],
  headless: true,
  protocol: "webDriverBiDi",
});
const pages = new Map();
let made = 0;

// A function's source and its arguments, called in the page (as Playwright's evaluate does).
const call = (source, args) => (0, eval)(`(${source})`)(...args);

const ops = {
  async open({ width, height }) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width, height });
    pages.set(++made, page);
    return made;
  },
  goto: ({ page, url }) => pages.get(page).goto(url).then(() => null),
  evaluate: ({ page, source, args }) => pages.get(page).evaluate(call, source, args),
  async tap({ page, source, args }) {
    const element = await pages.get(page).evaluateHandle(call, source, args);
    await element.asElement().click();
    await element.dispose();
    return null;
  },
  resize: ({ page, width, height }) => pages.get(page).setViewport({ width, height }).then(() => null),
  reload: ({ page }) => pages.get(page).reload().then(() => null),
  screenshot: ({ page, path }) => pages.get(page).screenshot({ path, fullPage: true }).then(() => null),
  async close({ page }) {
    const closing = pages.get(page);
    pages.delete(page);
    await closing.browserContext().close();
    return null;
  },
};

const answer = (message) => process.stdout.write(JSON.stringify(message) + "\n");
answer({ id: 0, value: await browser.version() });
const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const { id, op, ...args } = JSON.parse(line);
  try {
    answer({ id, value: (await ops[op](args)) ?? null });
  } catch (error) {
    answer({ id, error: String(error?.stack ?? error) });
  }
}
await browser.close();
