'use strict';
// protocol.js — the `minkowski check --exec` protocol (docs/design.md, "The --exec protocol")
// for the Node adapters: read one case per line from stdin, answer one JSON object per line on
// stdout, in order.
//
//   serve(answerCase, programName, skipLog, dim = 2)
//                       runs the loop. answerCase(c) gets a validated case
//                       {id, a: {points, radius}, b: {points, radius}}, each point an array of
//                       `dim` numbers (2, or 3 for the 3D protocol), and returns the answer
//                       object: {intersects, ...}, or {skip: 'reason'} — written as
//                       {"skip": true} (the protocol carries no reason); when skipLog names a
//                       file, one line per reason with its count is appended to it at the end
//                       (appended: minkowski may start the engine several times in one campaign,
//                       e.g. per family and again to shrink a counterexample).
//   parseArgs(argv, programName, flags)
//                       the adapter's command line: `[--skip-log FILE]` plus the boolean flags
//                       listed; anything else is a usage error (message, exit 2).
//
// Failure cases: a line that is not a case (bad JSON, missing or non-numeric points, a negative
// or non-finite radius, an unknown key) is an input error: a message naming the line number on
// stderr and exit status 2, after the answers to the earlier lines. An exception thrown by the
// engine is not caught here: Node prints it and exits non-zero, which minkowski reports as a
// crash with that case. Blank lines and lines starting with '#' are ignored (as in case files).
//
// Numbers are written by JSON.stringify, the shortest text that round-trips each double. An
// engine's NaN or infinity would become null there; such an answer is written as it is (so
// minkowski reports it as malformed, with its case) rather than repaired or dropped, unless the
// adapter passes it through nonFiniteAsStrings first:
//
//   nonFiniteAsStrings(answer)
//                       a copy of the answer with every non-finite number replaced by the string
//                       "NaN", "Infinity" or "-Infinity", which minkowski reads as that number
//                       (docs/design.md, "The --exec protocol"): the value is a wrong answer of
//                       its case, judged and kept as a fixture, and the engine goes on.

const readline = require('readline');

class CaseError extends Error {}

function finiteNumber(v, what) {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw new CaseError(`${what} must be a finite number, got ${JSON.stringify(v)}`);
  }
  return v;
}

function parseShape(s, name, dim) {
  if (s === null || typeof s !== 'object' || Array.isArray(s)) {
    throw new CaseError(`"${name}" must be an object with "points"`);
  }
  for (const key of Object.keys(s)) {
    if (key !== 'points' && key !== 'radius') throw new CaseError(`"${name}" has unknown key "${key}"`);
  }
  if (!Array.isArray(s.points) || s.points.length === 0) {
    throw new CaseError(`"${name}.points" must be a non-empty array of ${pointName(dim)}s`);
  }
  const points = s.points.map((p, i) => {
    if (!Array.isArray(p) || p.length !== dim) {
      throw new CaseError(`"${name}.points[${i}]" must be an ${pointName(dim)}, got ${JSON.stringify(p)}`);
    }
    return p.map((x, k) => finiteNumber(x, `${name}.points[${i}][${k}]`));
  });
  const radius = s.radius === undefined ? 0 : finiteNumber(s.radius, `${name}.radius`);
  if (radius < 0) throw new CaseError(`"${name}.radius" must be >= 0, got ${radius}`);
  return { points, radius };
}

function pointName(dim) {
  return dim === 3 ? '[x, y, z] triple' : '[x, y] pair';
}

/// Parses one case line of dimension dim (2 or 3); throws CaseError naming what is wrong.
function parseCase(line, dim = 2) {
  let j;
  try {
    j = JSON.parse(line);
  } catch (e) {
    throw new CaseError(`not JSON: ${e.message}`);
  }
  if (j === null || typeof j !== 'object' || Array.isArray(j)) throw new CaseError('a case must be a JSON object');
  for (const key of Object.keys(j)) {
    if (key !== 'id' && key !== 'a' && key !== 'b') throw new CaseError(`unknown key "${key}"`);
  }
  return { id: j.id, a: parseShape(j.a, 'a', dim), b: parseShape(j.b, 'b', dim) };
}

function parseArgs(argv, programName, flags) {
  const options = { skipLog: null };
  for (const f of flags) options[f] = false;
  const usage = `usage: node adapter.js [--skip-log FILE]${flags.map((f) => ` [${f}]`).join('')}`;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--skip-log' && i + 1 < argv.length) options.skipLog = argv[++i];
    else if (flags.includes(argv[i])) options[argv[i]] = true;
    else {
      process.stderr.write(`${programName}: unknown or incomplete argument "${argv[i]}" (${usage})\n`);
      process.exit(2);
    }
  }
  return options;
}

function serve(answerCase, programName, skipLog, dim = 2) {
  const skipReasons = new Map();
  const writeSkipLog = () => {
    if (skipLog === null || skipLog === undefined || skipReasons.size === 0) return;
    const text = [...skipReasons].map(([reason, n]) => `${n}\t${reason}\n`).join('');
    require('fs').appendFileSync(skipLog, text);
  };
  // The reader went away (minkowski stopped, or `| head`): nothing is left to answer to.
  process.stdout.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
    process.stderr.write(`${programName}: stdout closed by the reader; stopping\n`);
    process.exit(1);
  });
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  let lineNumber = 0;
  let failed = false;
  rl.on('line', (line) => {
    if (failed) return;
    lineNumber += 1;
    const text = line.trim();
    if (text === '' || text.startsWith('#')) return;
    let c;
    try {
      c = parseCase(text, dim);
    } catch (e) {
      if (!(e instanceof CaseError)) throw e;
      failed = true;
      process.stderr.write(`${programName}: stdin line ${lineNumber}: ${e.message}\n`);
      rl.close();
      // Exit only once the earlier answers have reached the pipe (stdout writes are asynchronous).
      process.stdout.write('', () => process.exit(2));
      return;
    }
    let answer = answerCase(c);
    if (answer.skip !== undefined) {
      skipReasons.set(answer.skip, (skipReasons.get(answer.skip) || 0) + 1);
      answer = { skip: true };
    }
    process.stdout.write(JSON.stringify(answer) + '\n');
  });
  rl.on('close', () => {
    if (!failed) writeSkipLog();
  });
}

function nonFiniteAsStrings(answer) {
  return JSON.parse(JSON.stringify(answer, (key, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v)));
}

module.exports = { serve, parseArgs, parseCase, CaseError, nonFiniteAsStrings };
