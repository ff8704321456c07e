// Reads a Dockerfile into its stages and instructions, and lints it with dockerfile-utils. Used by
// check-dockerfile.mjs (which runs the build and start steps the file names) and its test, so both
// follow the file rather than a copy of its commands.
import { validate } from 'dockerfile-utils';

/** dockerfile-utils' diagnostics (errors, warnings, hints alike) as "line N: message". */
export function lintDockerfile(text) {
  return validate(text).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
}

/**
 * The stages (FROM … AS name) and their instructions: { keyword, flags, args, json }. Continuation lines
 * are joined and comments dropped; json is the exec form's array when the arguments are one.
 */
export function parseDockerfile(text) {
  const instructions = [];
  let pending = '';
  let startLine = 0;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) return;
    if (pending && line.startsWith('#')) return;
    if (!pending) startLine = index + 1;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      return;
    }
    instructions.push({ text: (pending + line).trim(), line: startLine });
    pending = '';
  });
  const stages = [];
  for (const { text: full, line } of instructions) {
    const match = /^(\S+)\s*(.*)$/s.exec(full);
    const keyword = match[1].toUpperCase();
    let rest = match[2];
    const flags = {};
    for (let flag = /^--([a-z-]+)(?:=(\S*))?\s*/i.exec(rest); flag; flag = /^--([a-z-]+)(?:=(\S*))?\s*/i.exec(rest)) {
      flags[flag[1]] = flag[2] ?? true;
      rest = rest.slice(flag[0].length);
    }
    const instruction = { keyword, flags, args: rest, json: asJson(rest), line };
    if (keyword === 'FROM') {
      const from = /^(\S+)(?:\s+as\s+(\S+))?$/i.exec(rest);
      stages.push({ image: from?.[1], name: from?.[2] ?? String(stages.length), instructions: [] });
      continue;
    }
    if (stages.length === 0) continue; // ARG before FROM, parser directives
    stages.at(-1).instructions.push(instruction);
  }
  return { stages };
}

function asJson(args) {
  if (!args.trim().startsWith('[')) return null;
  try {
    const value = JSON.parse(args);
    return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;
  } catch {
    return null;
  }
}

/** ENV's `A=1 B="two words"` (or the old `A value`) as an object. */
export function parseEnv(args) {
  const out = {};
  if (!args.includes('=')) {
    const [key, ...value] = args.split(/\s+/);
    out[key] = value.join(' ');
    return out;
  }
  for (const pair of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)) {
    const value = pair[2];
    out[pair[1]] = /^["']/.test(value) ? value.slice(1, -1) : value;
  }
  return out;
}

/** HEALTHCHECK's options and its command (exec form array, or a shell string). */
export function parseHealthcheck(instruction) {
  const match = /^CMD\s+(.*)$/is.exec(instruction.args);
  if (!match) return null;
  return { options: instruction.flags, command: asJson(match[1]) ?? match[1] };
}
