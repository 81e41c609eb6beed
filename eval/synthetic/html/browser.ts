// One headless Chromium for the whole run, shared by every case of the browser-printed family
// (html.ts): starting it costs about a second, printing a page of a few sections a few tens of ms.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Where Chromium is looked for: $DOCCONV_CHROMIUM (as test/e2e/playground.test.ts), else Debian's
 * package (`apt-get install -y chromium`; .ci/run installs it).
 */
export const CHROMIUM = process.env.DOCCONV_CHROMIUM ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

let browser: Promise<Browser> | null = null;

export function sharedBrowser(): Promise<Browser> {
  browser ??= chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  const b = browser;
  browser = null;
  if (b) await (await b).close();
}
