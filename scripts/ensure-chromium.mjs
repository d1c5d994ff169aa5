// Makes sure a Chromium for the end-to-end tests exists: CHROMIUM_PATH, /usr/bin/chromium, or
// Debian's package installed with apt-get (as root). Playwright's own browser download is not used.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(wanted)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    `Chromium is needed for the end-to-end tests and was not found at ${wanted}.\n` +
      'Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.',
  );
  process.exit(1);
}
console.log('Installing Chromium from Debian packages (apt-get install chromium)…');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
if (!existsSync(wanted)) {
  console.error(`apt-get finished but ${wanted} is still missing.`);
  process.exit(1);
}
