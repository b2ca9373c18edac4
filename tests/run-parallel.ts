/**
 * Runs npm scripts side by side and reports each one's output whole, one after the other, so two checks that each
 * leave a core idle (lint and the type check) share the machine instead of queueing; exits non-zero if any failed.
 * Usage: node --import tsx tests/run-parallel.ts lint typecheck
 */
import { spawn } from 'node:child_process';

interface Outcome {
  script: string;
  code: number;
  output: string;
  seconds: number;
}

function run(script: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      resolve({ script, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: run-parallel.ts <npm script> [<npm script> …]');
  process.exit(2);
}
const outcomes = await Promise.all(scripts.map(run));
for (const outcome of outcomes) {
  const verdict = outcome.code === 0 ? 'passed' : `failed (exit ${String(outcome.code)})`;
  console.log(`\n── npm run ${outcome.script}: ${verdict} in ${outcome.seconds.toFixed(0)} s ──`);
  process.stdout.write(outcome.output);
}
process.exit(outcomes.every((outcome) => outcome.code === 0) ? 0 : 1);
