#!/usr/bin/env node
// Which tasks Lighthouse counts in Total Blocking Time, and why (issue 7). Not part of `npm run bench`:
// a tool for when /task's (or another page's) Performance target is missed.
//
//   LIGHTHOUSE_ARTIFACTS_DIR=/tmp/lh LIGHTHOUSE_PAGES=/task node tests/bench/lighthouse.mjs
//   node tests/bench/lantern-tbt.mjs /tmp/lh/_task/1 [/tmp/lh/_task/2 ...]
//
// Lighthouse's mobile score does not time the page: it replays the recorded load in its model (Lantern)
// on a slow 4G network with every main-thread task 4× longer. Each replayed task over 50 ms counts its
// excess over 50 ms, between First Contentful Paint and Time to Interactive. TBT is the mean of two
// replays, and the pessimistic one counts from the *optimistic* FCP, which comes as soon as the HTML,
// the stylesheet and the entry script are in: in a client-rendered app, nearly every task after the
// entry script arrives counts. So what matters is each task's real length (over 12.5 ms counts), not
// when it ran. This prints each replayed task that counts: its replayed times, its real length, what
// it was made of (trace events), and the network requests it waited for.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const BLOCKING_MS = 50;

async function breakdown(dir) {
  const artifacts = readJson(path.join(dir, 'artifacts.json'));
  const trace = readJson(path.join(dir, 'defaultPass.trace.json'));
  const devtoolsLog = readJson(path.join(dir, 'defaultPass.devtoolslog.json'));
  const report = path.join(dir, 'lhr.report.json');
  const settings = existsSync(report) ? readJson(report).configSettings : artifacts.settings;
  const context = { computedCache: new Map(), settings };
  const data = {
    trace,
    devtoolsLog,
    settings,
    gatherContext: artifacts.GatherContext,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const tti = await LanternInteractive.request(data, context);
  const tbt = await LanternTotalBlockingTime.request(data, context);
  const navigationStart = trace.traceEvents.find((event) => event.name === 'navigationStart')?.ts ?? 0;

  console.log(
    `\n${dir}: TBT ${tbt.timing.toFixed(0)} ms = mean of ${tbt.optimisticEstimate.timeInMs.toFixed(0)} and ` +
      `${tbt.pessimisticEstimate.timeInMs.toFixed(0)}; FCP ${fcp.optimisticEstimate.timeInMs.toFixed(0)}` +
      `-${fcp.pessimisticEstimate.timeInMs.toFixed(0)} ms, TTI ${tti.optimisticEstimate.timeInMs.toFixed(0)}` +
      `-${tti.pessimisticEstimate.timeInMs.toFixed(0)} ms`,
  );
  // The optimistic replay counts from the pessimistic FCP, and the other way round (Lantern's TBT).
  const replays = [
    ['optimistic', tbt.optimisticEstimate, fcp.pessimisticEstimate.timeInMs, tti.optimisticEstimate.timeInMs],
    ['pessimistic', tbt.pessimisticEstimate, fcp.optimisticEstimate.timeInMs, tti.pessimisticEstimate.timeInMs],
  ];
  for (const [name, estimate, from, to] of replays) {
    console.log(`  ${name} replay, counted from ${from.toFixed(0)} to ${to.toFixed(0)} ms:`);
    const rows = [];
    for (const [node, timing] of estimate.nodeTimings) {
      if (node.type !== 'cpu' || timing.duration < BLOCKING_MS) continue;
      const counted = Math.min(timing.endTime, to) - Math.max(timing.startTime, from);
      if (counted < BLOCKING_MS) continue;
      rows.push({ node, timing, blocking: counted - BLOCKING_MS });
    }
    rows.sort((a, b) => a.timing.startTime - b.timing.startTime);
    for (const { node, timing, blocking } of rows) {
      const parts = new Map();
      for (const event of node.childEvents) {
        if (event.dur > 500) parts.set(event.name, (parts.get(event.name) ?? 0) + event.dur / 1000);
      }
      const made = [...parts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([part, ms]) => `${part} ${ms.toFixed(1)}`)
        .join(', ');
      const waited = node
        .getDependencies()
        .filter((dependency) => dependency.type === 'network')
        .map((dependency) => (dependency.request ?? dependency.record).url.split('/').pop().slice(0, 32))
        .join(', ');
      console.log(
        `    ${timing.startTime.toFixed(0).padStart(5)}-${timing.endTime.toFixed(0).padEnd(5)} counts ` +
          `${blocking.toFixed(0).padStart(3)} ms  real ${(node.event.dur / 1000).toFixed(1).padStart(5)} ms at ` +
          `${((node.event.ts - navigationStart) / 1000).toFixed(0)} ms: ${made}; after ${waited}`,
      );
    }
  }
}

const dirs = process.argv.slice(2);
if (!dirs.length) {
  console.error('usage: node tests/bench/lantern-tbt.mjs <artifacts folder of one run>...');
  process.exit(2);
}
for (const dir of dirs) await breakdown(dir);
