import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { Builder, By, Capabilities, type WebDriver, type WebElement } from 'selenium-webdriver';
import type { Driver, Role, Target } from './driver';
import { FIND_IN_PAGE, type FindSpec, roleSpec, SELECT_IN_PAGE, specOf } from './find-in-page';
import { untilFound } from './wait';

// WebKit through WebKitGTK's MiniBrowser (STACK.md "Browser engines besides Chromium"): classic WebDriver,
// one WebKitWebDriver per session (a second session on one driver hung), `--automation` or the session
// hangs, the page cache off or IndexedDB reads hang after a few navigations.
export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForDriver(port: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/status`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port}`);
}

export async function openWebKit(baseUrl: string, display: string): Promise<Driver> {
  // Selenium Manager must never try to download a driver (no network for that here).
  process.env.SE_OFFLINE = 'true';
  const port = await freePort();
  const server: ChildProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore',
  });
  await waitForDriver(port);
  const capabilities = new Capabilities();
  capabilities.set('browserName', 'MiniBrowser');
  capabilities.set('webkitgtk:browserOptions', {
    binary: MINIBROWSER,
    args: ['--automation', '--enable-page-cache=false'],
  });
  let driver: WebDriver;
  try {
    driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities).build();
  } catch (error) {
    server.kill();
    throw error;
  }
  return new SeleniumDriver(driver, baseUrl, server);
}

class SeleniumDriver implements Driver {
  constructor(
    private readonly driver: WebDriver,
    private readonly baseUrl: string,
    private readonly server: ChildProcess,
  ) {}

  private marks = 0;

  // WebKit's classic WebDriver did not hand back the element the in-page finder returned, so the finder
  // tags it with a fresh attribute value and WebDriver then finds it by that selector itself.
  private async find(spec: FindSpec, what: string): Promise<WebElement> {
    return untilFound(async () => {
      const mark = `m${++this.marks}`;
      const found = (await this.driver.executeScript(
        `const el = ${FIND_IN_PAGE}(JSON.parse(arguments[0]));
         if (!el) return false;
         el.setAttribute('data-engines-found', arguments[1]);
         return true;`,
        JSON.stringify(spec),
        mark,
      )) as boolean;
      if (!found) return null;
      return this.driver.findElement(By.css(`[data-engines-found="${mark}"]`));
    }, what);
  }

  async goto(pathOrUrl: string) {
    await this.driver.get(new URL(pathOrUrl, this.baseUrl).href);
  }

  async fill(target: Target, value: string) {
    const element = await this.find(specOf(target), `field ${JSON.stringify(target)}`);
    await element.clear();
    await element.sendKeys(value);
  }

  async select(target: Target, value: string) {
    const element = await this.find(specOf(target), `select ${JSON.stringify(target)}`);
    await this.driver.executeScript(`${SELECT_IN_PAGE}(arguments[0], arguments[1]);`, element, value);
  }

  async upload(target: Target, file: string) {
    const element = await this.find(specOf(target), `file input ${JSON.stringify(target)}`);
    await element.sendKeys(file);
  }

  // Like Playwright's actionability wait: an element still sliding in (a dialog's animation) or briefly
  // covered is refused as "not interactable" or "intercepted"; find it again and retry until the step's
  // timeout, never clicking through in the page (a user could not either).
  private async clickWhenReady(spec: FindSpec, what: string, hiddenOk: boolean) {
    await untilFound(async () => {
      const element = await this.find(spec, what);
      await this.driver.executeScript('arguments[0].scrollIntoView({ block: "center" });', element);
      // A visually hidden radio or checkbox cannot take a WebDriver click: click it in the page then.
      if (hiddenOk && !(await element.isDisplayed())) await this.driver.executeScript('arguments[0].click();', element);
      else await element.click();
      return true;
    }, `${what} to take a click`);
  }

  async click(role: Role, name: string | RegExp) {
    await this.clickWhenReady(roleSpec(role, name), `${role} "${name}"`, false);
  }

  async clickAt(target: Target) {
    await this.clickWhenReady(specOf(target), JSON.stringify(target), true);
  }

  async text() {
    return (await this.driver.executeScript('return document.body ? document.body.innerText : "";')) as string;
  }

  async workerControls() {
    return (await this.driver.executeScript(
      'return !!(navigator.serviceWorker && navigator.serviceWorker.controller);',
    )) as boolean;
  }

  async value(target: Target) {
    const element = await this.find(specOf(target), JSON.stringify(target));
    return (await this.driver.executeScript('return arguments[0].value;', element)) as string;
  }

  async url() {
    return this.driver.getCurrentUrl();
  }

  async setViewport(width: number, height: number) {
    await this.driver.manage().window().setRect({ width, height });
  }

  async screenshot(file: string) {
    await writeFile(file, Buffer.from(await this.driver.takeScreenshot(), 'base64'));
  }

  async close() {
    try {
      await this.driver.quit();
    } finally {
      this.server.kill();
    }
  }
}
