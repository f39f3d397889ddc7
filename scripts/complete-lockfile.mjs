#!/usr/bin/env node
// The npm registry this project installs from lacks some platform builds that packages list as
// optional dependencies (e.g. @biomejs/cli-android-arm64). `npm install` then leaves them out of
// package-lock.json and `npm ci` refuses the lockfile as out of sync. This adds an entry for each
// missing platform package, with its os/cpu read from its name, so `npm ci` skips it as it would
// skip any package for another platform. Run it after every `npm install` (npm run lock:complete).
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;
const platformPattern =
  /-(android|darwin|linux|win32|freebsd|openbsd|netbsd|sunos|aix)-(x64|arm64|arm|ia32|riscv64|s390x|ppc64|loong64|wasm32)(?:-(gnu|musl|msvc|gnueabihf|musleabihf|eabi))?$/;

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${location ? `${location}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[key] || packages[hoisted]) continue;
    const match = platformPattern.exec(name);
    if (!match) {
      console.error(`complete-lockfile: ${name} is missing and its platform cannot be read from its name`);
      process.exitCode = 1;
      continue;
    }
    const [, os, cpu, libc] = match;
    packages[hoisted] = {
      version: String(version).replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(libc === 'musl' || libc === 'gnu' ? { libc: [libc === 'gnu' ? 'glibc' : 'musl'] } : {}),
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} platform entr${added === 1 ? 'y' : 'ies'} added`);
