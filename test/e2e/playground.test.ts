// The web playground as a person uses it (issue 12 item 7), in real headless Chromium (Debian's
// `chromium`, driven by playwright-core): open /, enter a key, upload a corpus PDF, watch live
// progress, read the rendered Markdown beside the page, download the .md, and get a clean error
// for a text file. Screenshots go to test-results/playground/.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { STORE_KINDS, sharedService } from '../jobs/harness.js';
import { testConfig } from '../jobs/fakes.js';
import { createModelGateway } from '../../src/models/gateway.js';
import { shutdownConvertPool } from '../../src/convert/index.js';

const CHROMIUM = process.env.DOCCONV_CHROMIUM ?? '/usr/bin/chromium';
const CORPUS = resolve(process.env.DOCCONV_CORPUS ?? join(import.meta.dirname, '../../../shared/corpus'));
/** 18 pages with a text layer: more than the sync gate's 10, so it runs as a job with live progress. */
const PDF = join(CORPUS, 'docling-redp5110-sampled/input.pdf');
const SHOTS = resolve(import.meta.dirname, '../../test-results/playground');

describe(`playground in headless Chromium (${STORE_KINDS[0]})`, () => {
  const svc = sharedService(STORE_KINDS[0]!, { gateway: createModelGateway(testConfig(), { probeInBackground: false }) });
  let browser: Browser;
  before(async () => {
    assert.ok(existsSync(CHROMIUM), `Chromium missing at ${CHROMIUM} (.ci/run installs Debian's chromium)`);
    assert.ok(existsSync(PDF), `corpus document missing: ${PDF} (set DOCCONV_CORPUS)`);
    mkdirSync(SHOTS, { recursive: true });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
  });
  after(async () => {
    await browser?.close();
    await shutdownConvertPool();
  });

  test('key, PDF, live progress, rendered Markdown beside the page, download; a text file is a clean error', async () => {
    const h = svc();
    const { key } = await h.account('starter');
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    // The page may talk to this service only.
    const foreign: string[] = [];
    page.on('request', (r) => { if (!r.url().startsWith(h.base) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) foreign.push(r.url()); });
    await page.goto(`${h.base}/`);
    await page.waitForSelector('#model option[value="builtin"]', { state: 'attached' });
    await page.fill('#key', key);
    await page.selectOption('#model', 'builtin');
    await page.setInputFiles('#file', PDF);
    // Every status line shown, to prove the progress was live (the job may outrun any polling).
    // (Browser-side code as strings: this file is type-checked without the DOM library.)
    await page.evaluate(`(() => {
      window.statuses = [];
      const el = document.getElementById('status');
      new MutationObserver(() => window.statuses.push(el.textContent || '')).observe(el, { childList: true, characterData: true, subtree: true });
    })()`);
    await page.click('#convert');
    await page.waitForSelector('#result:not([hidden])', { timeout: 300_000 });
    const statuses = await page.evaluate<string[]>('window.statuses');
    assert.ok(statuses.some((s) => /^Converting: page \d+ of 18/.test(s)), statuses.join(' | '));
    assert.equal(await page.textContent('#status'), 'Converted.');
    // Rendered (HTML from Markdown, sanitised), not raw text; the page drawn beside it.
    assert.ok(await page.locator('#rendered h1, #rendered h2, #rendered h3').count() > 0);
    assert.ok(((await page.textContent('#rendered')) ?? '').length > 1000);
    await page.waitForSelector('#convert:not([disabled])'); // the page image is drawn by then
    const inked = await page.evaluate<number>(`(() => {
      const c = document.getElementById('page-canvas');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) n++;
      return n;
    })()`);
    assert.ok(inked > 1000, `the page image is blank (${inked} inked pixels)`);
    await page.screenshot({ path: join(SHOTS, 'converted.png') });
    // One page, then the raw view.
    await page.selectOption('#page', '1');
    await page.click('#view-toggle');
    const rawText = (await page.textContent('#raw')) ?? '';
    assert.ok(rawText.length > 0);
    await page.click('#view-toggle');
    // Download the Markdown.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-md')]);
    assert.equal(download.suggestedFilename(), 'input.md');
    const md = readFileSync((await download.path())!, 'utf8');
    assert.match(md, /^#+ /m);
    // A text file: the error's code and its page, no stack, no crash.
    await page.setInputFiles('#file', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes, not a document') });
    await page.click('#convert');
    await page.waitForSelector('#error:not([hidden])');
    assert.equal(await page.textContent('#error .code'), 'unsupported_media_type');
    assert.equal(await page.getAttribute('#error a', 'href'), '/docs/errors/unsupported_media_type');
    await page.screenshot({ path: join(SHOTS, 'error.png') });
    assert.deepEqual(foreign, []);
    // The key never left page memory.
    const stored = await page.evaluate<string>('JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie + location.href');
    assert.equal(stored.includes(key), false);
    await context.close();
  });
});
