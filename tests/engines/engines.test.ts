import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser as PlaywrightBrowser } from '@playwright/test';
import type { Browser } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { type AppServer, BASE_URL, DEMO_PASSWORD, startAppServer, startXvfb } from './app-server';
import type { Driver, EngineName } from './driver';
import {
  adminJourney,
  companyJourney,
  type Day,
  decisionsArrive,
  type JourneyContext,
  newDay,
  recruiterJourney,
  talentJourney,
} from './journeys';
import { launchChromium, openChromium } from './playwright-driver';
import { launchFirefox, openFirefox } from './puppeteer-driver';
import { openWebKit } from './selenium-driver';

// The day's journeys in Chromium (Android's browsers), WebKit (every iPhone browser's engine) and
// Firefox, against the BUILT app, one engine after the other. ENGINE=webkit (or a list, ENGINE=webkit,firefox)
// runs some of them. Each engine gets a fresh server (fresh demo data).
const wanted = (process.env.ENGINE ?? 'chromium,webkit,firefox').split(',').map((name) => name.trim()) as EngineName[];
const SHOTS = path.resolve('test-results/engines');

type Engine = {
  phoneWidth: number;
  start: () => Promise<(w: number, h: number) => Promise<Driver>>;
  stop: () => Promise<void>;
};

const engines: Record<EngineName, () => Engine> = {
  chromium: () => {
    let browser: PlaywrightBrowser | undefined;
    return {
      phoneWidth: 390,
      start: async () => {
        const launched = await launchChromium();
        browser = launched;
        return (width, height) => openChromium(launched, BASE_URL, width, height);
      },
      stop: async () => {
        await browser?.close();
      },
    };
  },
  webkit: () => {
    let xvfb: Awaited<ReturnType<typeof startXvfb>> | undefined;
    return {
      // WebKitGTK does not size a window under 447 px: the narrowest phone it gives.
      phoneWidth: 450,
      start: async () => {
        xvfb = await startXvfb();
        const display = xvfb.display;
        return async (width, height) => {
          const driver = await openWebKit(BASE_URL, display);
          await driver.setViewport(width, height);
          return driver;
        };
      },
      stop: async () => xvfb?.stop(),
    };
  },
  firefox: () => {
    let browser: Browser | undefined;
    return {
      phoneWidth: 390,
      start: async () => {
        const launched = await launchFirefox();
        browser = launched;
        return async (width, height) => {
          const driver = await openFirefox(launched, BASE_URL);
          await driver.setViewport(width, height);
          return driver;
        };
      },
      stop: async () => {
        await browser?.close();
      },
    };
  },
};

for (const name of wanted) {
  const make = engines[name];
  if (!make) throw new Error(`Unknown ENGINE ${name} (chromium, webkit, firefox)`);
  describe(name, () => {
    const engine = make();
    let server: AppServer;
    let ctx: JourneyContext;
    const day: Day = newDay(name);
    let recruiter: Driver | undefined;
    const opened: Driver[] = [];

    // A failed step leaves a picture of every open window, to see what the screen said instead.
    afterEach(async ({ task }) => {
      if (task.result?.state !== 'fail') return;
      await Promise.all(
        opened.map((driver, index) =>
          driver.screenshot(path.join(SHOTS, `${name}-failed-${index}.png`)).catch(() => undefined),
        ),
      );
    });

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      server = await startAppServer();
      const open = await engine.start();
      ctx = {
        baseUrl: BASE_URL,
        dataDir: server.dataDir,
        password: DEMO_PASSWORD,
        open: async (width, height) => {
          const driver = await open(width, height);
          opened.push(driver);
          return driver;
        },
        phoneWidth: engine.phoneWidth,
        shot: (driver, step) => driver.screenshot(path.join(SHOTS, `${name}-${step}.png`)),
        setOffline: server.setOffline,
        publishNewBuild: server.publishNewBuild,
      };
    });

    afterAll(async () => {
      await recruiter?.close().catch(() => undefined);
      await engine.stop();
      await server?.stop();
    });

    it('recruiter on a phone: join, drop a PDF resume, complete, call proof, a refused duplicate, a second talent', async () => {
      recruiter = await recruiterJourney(ctx, day);
    });

    it('talent: consent from the e-mail under the worker, the ITA link offline then confirmed; after an app update a second talent withdraws', async () => {
      if (!recruiter) throw new Error('The recruiter journey did not finish');
      await talentJourney(ctx, day, recruiter);
    });

    it('hiring company on a phone: the review link from the e-mail, a candidate shortlisted', async () => {
      if (!recruiter) throw new Error('The recruiter journey did not finish');
      await companyJourney(ctx, day);
    });

    it('admin on a desktop: referral with its CV, call proof, hiring with a reason, bulk approve, payment, CSV', async () => {
      await adminJourney(ctx, day);
    });

    it("recruiter: the admin's decisions arrive on the referral and the earnings", async () => {
      if (!recruiter) throw new Error('The recruiter journey did not finish');
      await decisionsArrive(ctx, day, recruiter);
    });
  });
}
