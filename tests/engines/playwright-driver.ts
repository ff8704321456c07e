import { type Browser, chromium, type ElementHandle, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '#tests/e2e/e2e-env.ts';
import type { Driver, Role, Target } from './driver';
import { FIND_IN_PAGE, type FindSpec, roleSpec, SELECT_IN_PAGE, specOf } from './find-in-page';
import { untilFound } from './wait';

// Chromium through Playwright (Debian's Chromium, never a download: STACK.md), so the same journeys walk
// the engine of Android's browsers too. Elements are found by the shared in-page finder, like the others.
export async function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}

/** Each journey gets its own browser context (no shared cookies or storage), phone-like under 600 px. */
export async function openChromium(browser: Browser, baseUrl: string, width: number, height: number): Promise<Driver> {
  const phone = width < 600;
  const context = await browser.newContext({
    viewport: { width, height },
    isMobile: phone,
    hasTouch: phone,
    locale: 'en-US',
    timezoneId: 'Asia/Kuala_Lumpur',
  });
  const page = await context.newPage();
  return new PlaywrightDriver(page, baseUrl, () => context.close());
}

class PlaywrightDriver implements Driver {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
    private readonly dispose: () => Promise<void>,
  ) {}

  private async find(spec: FindSpec, what: string): Promise<ElementHandle<HTMLElement>> {
    return untilFound(async () => {
      const handle = await this.page.evaluateHandle(`${FIND_IN_PAGE}(${JSON.stringify(spec)})`);
      const element = handle.asElement() as ElementHandle<HTMLElement> | null;
      if (!element) await handle.dispose();
      return element;
    }, what);
  }

  async goto(pathOrUrl: string) {
    await this.page.goto(new URL(pathOrUrl, this.baseUrl).href);
  }

  async fill(target: Target, value: string) {
    const element = await this.find(specOf(target), `field ${JSON.stringify(target)}`);
    await element.fill(value);
  }

  async select(target: Target, value: string) {
    const element = await this.find(specOf(target), `select ${JSON.stringify(target)}`);
    await element.evaluate(
      (el, [script, chosen]) => {
        // biome-ignore lint/security/noGlobalEval: the shared in-page helper is a string so every engine can ship it.
        globalThis.eval(script)(el, chosen);
      },
      [SELECT_IN_PAGE, value] as const,
    );
  }

  async upload(target: Target, file: string) {
    const element = await this.find(specOf(target), `file input ${JSON.stringify(target)}`);
    await element.setInputFiles(file);
  }

  async click(role: Role, name: string | RegExp) {
    const element = await this.find(roleSpec(role, name), `${role} "${name}"`);
    // Playwright waits until the element is visible, still and not covered (a toast, a dialog sliding in).
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
    else await element.evaluate((el) => el.click());
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
    await this.page.setViewportSize({ width, height });
  }

  async screenshot(file: string) {
    await this.page.screenshot({ path: file });
  }

  async close() {
    await this.dispose();
  }
}
