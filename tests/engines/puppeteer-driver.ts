import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import type { Driver, Role, Target } from './driver';
import { FIND_IN_PAGE, type FindSpec, roleSpec, SELECT_IN_PAGE, specOf } from './find-in-page';
import { STEP_TIMEOUT, untilFound } from './wait';

// Firefox ESR through puppeteer-core 24 (WebDriver BiDi; 25 needs Node 22.12+), headless, no download.
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** One Firefox for the whole run; each journey gets its own browser context (no shared cookies or storage). */
export async function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true });
}

export async function openFirefox(browser: Browser, baseUrl: string): Promise<Driver> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  return new PuppeteerDriver(page, baseUrl, () => context.close());
}

class PuppeteerDriver implements Driver {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
    private readonly dispose: () => Promise<void>,
  ) {}

  private async find(spec: FindSpec, what: string): Promise<ElementHandle<Element>> {
    return untilFound(async () => {
      const handle = await this.page.evaluateHandle(`${FIND_IN_PAGE}(${JSON.stringify(spec)})`);
      const element = handle.asElement() as ElementHandle<Element> | null;
      if (!element) await handle.dispose();
      return element;
    }, what);
  }

  async goto(pathOrUrl: string) {
    const href = new URL(pathOrUrl, this.baseUrl).href;
    // Firefox's BiDi refuses a navigation that cut short one the app itself started (a router redirect,
    // the service worker's first claim): NS_BINDING_ABORTED. The page is fine; navigate again.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.page.goto(href);
        return;
      } catch (error) {
        if (attempt >= 6 || !String(error).includes('NS_BINDING_ABORTED')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  async fill(target: Target, value: string) {
    const element = await this.find(specOf(target), `field ${JSON.stringify(target)}`);
    await element.evaluate((el) => {
      (el as HTMLInputElement).select?.();
    });
    await element.click({ count: 3 });
    await this.page.keyboard.press('Backspace');
    await element.type(value);
  }

  async select(target: Target, value: string) {
    const element = await this.find(specOf(target), `select ${JSON.stringify(target)}`);
    await element.evaluate(
      (el, script, chosen) => {
        // biome-ignore lint/security/noGlobalEval: the shared in-page helper is a string so every engine can ship it.
        globalThis.eval(script)(el, chosen);
      },
      SELECT_IN_PAGE,
      value,
    );
  }

  async upload(target: Target, file: string) {
    const element = (await this.find(
      specOf(target),
      `file input ${JSON.stringify(target)}`,
    )) as ElementHandle<HTMLInputElement>;
    await element.uploadFile(file);
  }

  async click(role: Role, name: string | RegExp) {
    const element = await this.find(roleSpec(role, name), `${role} "${name}"`);
    // Centre it first: a toast at the bottom of a phone screen can sit over a form's last button.
    await element.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    // A form's last button at the foot of a phone screen can be under a toast: wait, as a user would,
    // until nothing covers its centre (toasts leave on their own). The pointer goes to the corner first:
    // left where the last field was, the page's scroll could put it over the toast, whose countdown
    // pauses while hovered, and the toast then never left (CI, 2026-11-29: 15 s covered in Firefox).
    await this.page.mouse.move(0, 0);
    const coveredBy = () =>
      element.evaluate((el) => {
        let box = el.getBoundingClientRect();
        // Scrolled away since (Firefox was seen back at the last field typed into, the button off screen): back.
        if (box.bottom < 0 || box.top > innerHeight) {
          el.scrollIntoView({ block: 'center' });
          box = el.getBoundingClientRect();
        }
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        if (top !== null && (el === top || el.contains(top))) return '';
        // Firefox restores a page's earlier scroll after our centring (seen after a talent link's "Try
        // again": the button under the page's sticky header): centre it again for the next look.
        el.scrollIntoView({ block: 'center' });
        return top ? `${top.tagName.toLowerCase()} "${(top.textContent ?? '').trim().slice(0, 80)}"` : 'off screen';
      });
    try {
      // Firefox reports a disabled button as covered by its parent (elementFromPoint skips it). A talent's
      // link page holds its answer buttons disabled until its script runs (the server writes the page):
      // 300 ms on an idle machine, some seconds in CI after the e2e stage. Up to twice a step's wait.
      await untilFound(async () => (await coveredBy()) === '', `${role} "${name}" uncovered`, 2 * STEP_TIMEOUT);
    } catch (error) {
      // Say what lay over it, so a failure names its cause.
      throw new Error(`${String(error)}; covered by ${await coveredBy().catch(() => '?')}`);
    }
    await element.click();
  }

  async clickAt(target: Target) {
    const element = await this.find(specOf(target), JSON.stringify(target));
    const shown = await element.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1;
    });
    // A visually hidden radio or checkbox cannot take a pointer click: click it in the page then.
    if (shown) await element.click();
    else await element.evaluate((el) => (el as HTMLElement).click());
  }

  async text() {
    // biome-ignore lint/performance/useDomNodeTextContent: what the user SEES (hidden text excluded), on purpose.
    return this.page.evaluate(() => (document.body ? document.body.innerText : ''));
  }

  async workerControls() {
    return this.page.evaluate(() => !!navigator.serviceWorker?.controller);
  }

  async value(target: Target) {
    const element = await this.find(specOf(target), JSON.stringify(target));
    return element.evaluate((el) => (el as HTMLInputElement).value);
  }

  async url() {
    return this.page.url();
  }

  async setViewport(width: number, height: number) {
    await this.page.setViewport({ width, height });
  }

  async screenshot(file: string) {
    await this.page.screenshot({ path: file as `${string}.png` });
  }

  async close() {
    await this.dispose();
  }
}
