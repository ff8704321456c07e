// Tests never reach outside the machine. Loaded into every test process: the vitest workers
// (tests/setup/hermetic.ts) and, with `node --import`, the servers the browser suites start
// (playwright.config.ts, tests/engines/app-server.ts). A connection or DNS lookup to any host but this
// machine's is refused, as a closed network would refuse it, and recorded with the host's name: the test
// that caused it fails (hermetic.ts), and a server's records go to the file named by HERMETIC_LOG, which
// the run's teardown reads. SMTP, S3, PostgreSQL, the AI server and push services all run on loopback.
import dns from 'node:dns';
import { appendFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';

const violations = [];
globalThis.__hermeticViolations = violations;

const LOOPBACK_NAMES = new Set(['localhost', '0.0.0.0', '::', '::1']);
// This machine's own interfaces' addresses (a suite serves on one to test what a non-loopback client gets).
const OWN_ADDRESSES = new Set(
  Object.values(os.networkInterfaces())
    .flat()
    .map((entry) => entry?.address.toLowerCase()),
);

/** Whether `host` is this machine: loopback names and addresses (127.0.0.0/8, ::1), or its own interfaces'. */
export function isLocalHost(host) {
  if (host === undefined || host === null || host === '') return true; // Node's default: localhost
  const name = String(host)
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (LOOPBACK_NAMES.has(name) || name.endsWith('.localhost') || OWN_ADDRESSES.has(name)) return true;
  if (net.isIPv4(name)) return name.startsWith('127.');
  if (net.isIPv6(name)) return name.startsWith('::ffff:127.');
  return false;
}

function refuse(kind, host, port) {
  const where = port === undefined ? String(host) : `${host}:${port}`;
  const message = `hermetic tests: ${kind} to ${where} refused (tests never reach outside this machine)`;
  violations.push(message);
  if (process.env.HERMETIC_LOG) {
    try {
      appendFileSync(process.env.HERMETIC_LOG, `${message}\n`);
    } catch {
      // The log's folder is gone (the run is ending): the record in memory stays.
    }
  }
  const error = new Error(message);
  error.code = 'ECONNREFUSED';
  return error;
}

// Every TCP and TLS client connection (http, https, fetch/undici, pg, nodemailer, the S3 client) goes
// through net.Socket's connect. A path (a Unix socket) is local by definition.
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  let host;
  let port;
  if (first && typeof first === 'object') {
    if (!first.path) {
      host = first.host;
      port = first.port;
    }
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    port = first;
    host = typeof args[1] === 'string' ? args[1] : undefined;
  }
  if (!isLocalHost(host)) {
    const error = refuse('a connection', host, port);
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return connect.apply(this, args);
};

// An address needs no DNS (a server binding to one looks it up too): connecting to it is what is guarded.
const outsideName = (hostname) => !net.isIP(String(hostname ?? '')) && !isLocalHost(hostname);

const lookup = dns.lookup;
dns.lookup = function guardedLookup(hostname, options, callback) {
  const done = typeof options === 'function' ? options : callback;
  if (outsideName(hostname)) {
    const error = refuse('a DNS lookup', hostname);
    process.nextTick(() => done(error));
    return undefined;
  }
  return lookup.call(this, hostname, options, callback);
};
const lookupPromise = dns.promises.lookup;
dns.promises.lookup = async function guardedLookup(hostname, options) {
  if (outsideName(hostname)) throw refuse('a DNS lookup', hostname);
  return lookupPromise.call(this, hostname, options);
};
