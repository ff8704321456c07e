// BENCH_PROFILE=1 of tests/bench/throughput.ts: a CPU profile of the app server under the bench's load,
// one per call, taken after the measured rounds (so the profiler slows no measured turn), and where its
// time went: µs per request by function and by source file (mapped through the built server's source
// map to src/server/..., node_modules/hono/..., node:internal/...).
//
// The profiler is V8's, reached through the inspector (the app server runs with --inspect on a port of
// its own): Profiler.start before a call's load, Profiler.stop after it. No dependency: Node's WebSocket.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** A connection to a Node process's inspector (`--inspect=host:port`), to profile it on demand. */
export async function connectProfiler(inspectorBase: string) {
  const targets = (await (await fetch(`${inspectorBase}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target at ${inspectorBase}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let next = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const call = message.id === undefined ? undefined : waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id as number);
    if (message.error) call.reject(new Error(message.error.message));
    else call.resolve(message.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  // 100 µs between samples: a few tens of thousands over a turn, enough for a function of 1 µs a request.
  await send('Profiler.setSamplingInterval', { interval: 100 });
  return {
    start: () => send('Profiler.start'),
    stop: async () => ((await send('Profiler.stop')) as { profile: CpuProfile }).profile,
    close: () => socket.close(),
  };
}

// Source maps of the files a profile names, read once each (the built server's index.js.map).
const maps = new Map<string, SourceMap | null>();
function sourceMapOf(url: string): SourceMap | null {
  if (!url.startsWith('file://')) return null;
  let map = maps.get(url);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return map;
}

/** Where a function comes from: a source file under the repository (node_modules/..., src/...), Node's own, or V8's. */
function sourceOf(frame: CallFrame, root: string): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const map = sourceMapOf(frame.url);
  let source = frame.url;
  if (map) {
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
    if (entry.originalSource) source = entry.originalSource;
  }
  if (source.startsWith('file://')) source = fileURLToPath(source);
  else if (map && !source.startsWith('/')) source = path.resolve(path.dirname(fileURLToPath(frame.url)), source);
  const at = source.lastIndexOf('/node_modules/');
  if (at >= 0) return source.slice(at + 1);
  const srcAt = source.indexOf('/src/');
  if (srcAt >= 0 && !source.includes('/node_modules/')) return source.slice(srcAt + 1);
  return source.startsWith(root) ? source.slice(root.length + 1) : source;
}

export interface ProfileSummary {
  /** Sampled time over the profile, ms (idle excluded). */
  busyMs: number;
  byFunction: { name: string; source: string; us: number }[];
  bySource: { source: string; us: number }[];
  /** Our own functions (src/) with all they call, the SQL included. */
  ownTotal: { name: string; source: string; us: number }[];
}

/**
 * Self time by function and by source file, in µs per request (`requests`: those answered while it ran).
 * `(idle)` is left out; `(garbage collector)` and `(program)` (V8's own work) stay, as they are the requests' too.
 */
export function summarise(profile: CpuProfile, requests: number, root: string): ProfileSummary {
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i] as number;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const parents = new Map<number, ProfileNode>();
  const nodes = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    nodes.set(node.id, node);
    for (const child of node.children ?? []) parents.set(child, node);
  }
  // A native function (a C++ binding: SQLite's statements, a socket's write) is named for the JavaScript
  // that called it, so the time of better-sqlite3's `all` is told from that of a write.
  const callerOf = (node: ProfileNode): string => {
    let parent = parents.get(node.id);
    while (parent && !parent.callFrame.url && parents.has(parent.id)) parent = parents.get(parent.id);
    return parent?.callFrame.url ? ` from ${sourceOf(parent.callFrame, root)}` : '';
  };
  const byFunction = new Map<string, { name: string; source: string; us: number }>();
  const bySource = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const node = nodes.get(id);
    if (!node || !us || node.callFrame.functionName === '(idle)') continue;
    busy += us;
    let source = sourceOf(node.callFrame, root);
    if (source === '(native)') source += callerOf(node);
    const name = node.callFrame.functionName || '(anonymous)';
    const key = `${name} ${source}:${node.callFrame.lineNumber}`;
    const entry = byFunction.get(key) ?? { name, source, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
    bySource.set(source, (bySource.get(source) ?? 0) + us);
  }
  // Inclusive time of src/ functions: each sample counted once per function on its stack.
  const total = new Map<string, { name: string; source: string; us: number }>();
  const ownFrames = new Map<number, string | null>();
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let node = nodes.get(id); node; node = parents.get(node.id)) {
      let key = ownFrames.get(node.id);
      if (key === undefined) {
        const source = node.callFrame.url ? sourceOf(node.callFrame, root) : '';
        key = source.startsWith('src/') ? `${node.callFrame.functionName || '(anonymous)'}\t${source}` : null;
        ownFrames.set(node.id, key);
      }
      if (key === null || seen.has(key)) continue;
      seen.add(key);
      const [name = '', source = ''] = key.split('\t');
      const entry = total.get(key) ?? { name, source, us: 0 };
      entry.us += us;
      total.set(key, entry);
    }
  }
  const perRequest = (us: number) => us / Math.max(1, requests);
  return {
    busyMs: busy / 1000,
    byFunction: [...byFunction.values()]
      .map((entry) => ({ ...entry, us: perRequest(entry.us) }))
      .sort((a, b) => b.us - a.us),
    bySource: [...bySource.entries()]
      .map(([source, us]) => ({ source, us: perRequest(us) }))
      .sort((a, b) => b.us - a.us),
    ownTotal: [...total.values()].map((entry) => ({ ...entry, us: perRequest(entry.us) })).sort((a, b) => b.us - a.us),
  };
}

/** The top of a summary on a few lines: the files, then the functions, µs per request. */
export function formatSummary(summary: ProfileSummary, top = 12): string {
  const line = (us: number, text: string) => `${us.toFixed(1).padStart(7)} µs  ${text}`;
  return [
    '    by file (self time per request):',
    ...summary.bySource.slice(0, top).map((entry) => `    ${line(entry.us, entry.source)}`),
    '    by function:',
    ...summary.byFunction.slice(0, top).map((entry) => `    ${line(entry.us, `${entry.name}  ${entry.source}`)}`),
    '    our functions with what they call (total time per request):',
    ...summary.ownTotal.slice(0, top).map((entry) => `    ${line(entry.us, `${entry.name}  ${entry.source}`)}`),
  ].join('\n');
}
