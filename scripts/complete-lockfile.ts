// The registry these machines reach lacks some other platforms' native builds (for example
// @astrojs/compiler-binding-darwin-arm64), so `npm install` here leaves them out of
// package-lock.json, and `npm ci` then refuses the lockfile ("Missing: … from lock file").
// This adds each missing optional platform package with its os/cpu/libc, which is all npm needs
// to skip it on other machines and to fetch it (by version) on the machine it is for.
// Run it after any change to dependencies: `node scripts/complete-lockfile.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type LockEntry = {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
};
export type Lockfile = { packages: Record<string, LockEntry>; [key: string]: unknown };

// napi-rs's naming of per-platform packages, the scheme both affected packages use.
const PLATFORMS: Record<string, Pick<LockEntry, 'os' | 'cpu' | 'libc'>> = {
  'android-arm-eabi': { os: ['android'], cpu: ['arm'] },
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'], libc: ['glibc'] },
  'linux-arm-musleabihf': { os: ['linux'], cpu: ['arm'], libc: ['musl'] },
  'linux-arm64-gnu': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'linux-ppc64-gnu': { os: ['linux'], cpu: ['ppc64'], libc: ['glibc'] },
  'linux-riscv64-gnu': { os: ['linux'], cpu: ['riscv64'], libc: ['glibc'] },
  'linux-riscv64-musl': { os: ['linux'], cpu: ['riscv64'], libc: ['musl'] },
  'linux-s390x-gnu': { os: ['linux'], cpu: ['s390x'], libc: ['glibc'] },
  'linux-x64-gnu': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
  'linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'openharmony-arm64': { os: ['openharmony'], cpu: ['arm64'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-ia32-msvc': { os: ['win32'], cpu: ['ia32'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};

/** Optional dependencies that npm would look for in the lockfile and not find, as [name, version]. */
export function missingOptionalPackages(lock: Lockfile): Array<[string, string]> {
  const missing = new Map<string, string>();
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
      if (!lock.packages[nested] && !lock.packages[`node_modules/${name}`]) missing.set(name, version);
    }
  }
  return [...missing];
}

function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> {
  const suffix = Object.keys(PLATFORMS).find((key) => name.endsWith(`-${key}`));
  if (!suffix) throw new Error(`${name}: no known platform suffix; add it to PLATFORMS in scripts/complete-lockfile.ts`);
  return PLATFORMS[suffix]!;
}

export function completeLockfile(lock: Lockfile): Lockfile {
  const packages = { ...lock.packages };
  for (const [name, version] of missingOptionalPackages(lock)) {
    const { os, cpu, libc } = platformOf(name);
    packages[`node_modules/${name}`] = {
      version,
      ...(cpu ? { cpu } : {}),
      ...(libc ? { libc } : {}),
      optional: true,
      ...(os ? { os } : {}),
    };
  }
  // npm writes the root first, then the rest in locale order; keep that so a later install rewrites nothing.
  const ordered = Object.keys(packages).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en')));
  return { ...lock, packages: Object.fromEntries(ordered.map((key) => [key, packages[key]!])) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
  const lock = JSON.parse(fs.readFileSync(file, 'utf8')) as Lockfile;
  const added = missingOptionalPackages(lock);
  fs.writeFileSync(file, `${JSON.stringify(completeLockfile(lock), null, 2)}\n`);
  console.log(
    added.length ? `Added ${added.length} platform packages: ${added.map(([n]) => n).join(', ')}` : 'package-lock.json was complete.',
  );
}
