/**
 * The two Chromiums the end-to-end suite drives (docs/testing.md#two-chromiums): Debian's headless
 * shell runs every spec, and Debian's whole Chromium, what a person installs the console in, runs
 * the steps about the whole browser (found installable; what a page the service worker served says
 * with the network cut). `CHROMIUM_PATH` runs all of it in the browser it names.
 */
export const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export const HEADLESS_SHELL = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** How a test launches the whole browser itself (the `wholeBrowser` fixture, an installable profile). */
export const WHOLE_CHROMIUM = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: LAUNCH_ARGS };
