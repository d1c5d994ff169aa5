// Makes sure the Chromiums of the end-to-end tests exist (tests/e2e/chromiums.ts): Debian's headless
// shell (`chromium-headless-shell`, /usr/bin/chromium-headless-shell), which runs every spec, and
// Debian's Chromium (`chromium`, /usr/bin/chromium), which the tests where the whole browser matters
// launch themselves. CHROMIUM_PATH runs every spec in one browser of the caller's choice instead. What is
// missing is installed with apt-get (as root on Debian); Playwright's own browser download is not used.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const wanted = process.env.CHROMIUM_PATH
  ? { [process.env.CHROMIUM_PATH]: null }
  : { '/usr/bin/chromium-headless-shell': 'chromium-headless-shell', '/usr/bin/chromium': 'chromium' };
const missing = Object.entries(wanted).filter(([path]) => !existsSync(path));
if (!missing.length) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
const packages = missing.map(([, pkg]) => pkg);
if (!isRoot || !hasApt || packages.includes(null)) {
  console.error(
    `The end-to-end tests need ${missing.map(([path]) => path).join(' and ')}, not found.\n` +
      'Install them (Debian: sudo apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH to a Chromium binary.',
  );
  process.exit(1);
}
console.log(`Installing from Debian packages (apt-get install ${packages.join(' ')})…`);
execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`, { stdio: 'inherit' });
const still = missing.filter(([path]) => !existsSync(path));
if (still.length) {
  console.error(`apt-get finished but ${still.map(([path]) => path).join(' and ')} is still missing.`);
  process.exit(1);
}
