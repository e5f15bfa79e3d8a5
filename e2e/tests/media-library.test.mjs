// The media library in a real browser against a real `pagecast run`: upload an MP4, a JPG and an MP3
// made with ffmpeg through the file input, watch the tiles reach "complete", see bad files refused
// before anything is sent, and delete a tile after confirming.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { launchChromium, registerInBrowser, startPagecast } from '../lib/pagecast.mjs';

const run = promisify(execFile);
const MAX_UPLOAD_BYTES = 524_288_000;
const TOO_LARGE = 'File is too large. The maximum size is 500 MB.';

async function ffmpeg(...args) {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

describe('media library', () => {
  let app;
  let browser;
  let dir;
  const files = {};
  const email = `media-${Date.now()}@example.com`;
  const password = 'correct-horse-1';

  before(async () => {
    await mkdir('test-results', { recursive: true });
    dir = await mkdtemp(join(tmpdir(), 'pagecast-media-'));
    files.mp4 = join(dir, 'clip.mp4');
    files.jpg = join(dir, 'photo.jpg');
    files.mp3 = join(dir, 'tone.mp3');
    await ffmpeg('-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=25', '-pix_fmt', 'yuv420p', files.mp4);
    await ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=320x240', '-frames:v', '1', files.jpg);
    await ffmpeg('-f', 'lavfi', '-i', 'sine=duration=2', files.mp3);
    files.exe = join(dir, 'setup.exe');
    await writeFile(files.exe, Buffer.from('MZ not really a program'));
    files.txt = join(dir, 'empty.txt');
    await writeFile(files.txt, '');
    // One byte over the limit; sparse, so it costs no disk space.
    files.big = join(dir, 'huge.mp4');
    const big = await open(files.big, 'w');
    await big.truncate(MAX_UPLOAD_BYTES + 1);
    await big.close();

    app = await startPagecast();
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** {assetId, state, name, type} of every tile on screen. */
  function tiles(page) {
    return page.$$eval('[data-testid=media-tile]', (els) =>
      els.map((el) => ({
        assetId: el.getAttribute('data-asset-id'),
        state: el.getAttribute('data-state'),
        type: el.getAttribute('data-type'),
        name: el.querySelector('[data-testid=media-name]')?.textContent ?? '',
      })),
    );
  }

  test('upload three files, refuse bad ones, delete one tile', async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const uploadUrlCalls = [];
    const storagePuts = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/v2/upload/url')) uploadUrlCalls.push(req.postDataJSON()?.name);
      if (req.method() === 'PUT' && !req.url().startsWith(app.url)) storagePuts.push(req.url());
    });

    await registerInBrowser(page, app.url, email, password);
    await page.goto(app.url + '/dashboard/media-library');
    const empty = page.locator('[data-testid=media-empty]');
    await empty.waitFor();
    assert.match(await empty.textContent(), /No media yet — drop files here or import from a URL/);

    // Three real files through the hidden file input; they go one at a time.
    await page.setInputFiles('[data-testid=upload-input]', [files.mp4, files.jpg, files.mp3]);
    await page.locator('[data-testid=upload-queue-item]').nth(2).waitFor();
    await page.waitForFunction(
      () => {
        const items = [...document.querySelectorAll('[data-testid=upload-queue-item]')];
        return items.length === 3 && items.every((i) => ['done', 'failed'].includes(i.getAttribute('data-status')));
      },
      null,
      { timeout: 60_000 },
    );
    const queue = await page.$$eval('[data-testid=upload-queue-item]', (els) =>
      els.map((el) => `${el.getAttribute('data-status')}: ${el.textContent}`),
    );
    assert.deepEqual(queue.map((q) => q.split(':')[0]), ['done', 'done', 'done'], queue.join('\n'));
    assert.deepEqual(uploadUrlCalls, ['clip.mp4', 'photo.jpg', 'tone.mp3']);
    assert.equal(storagePuts.length, 3, 'each file was PUT to the presigned storage URL');

    // Tiles appear and update by themselves until every one is complete (or one fails).
    await page.waitForFunction(
      () => {
        const els = [...document.querySelectorAll('[data-testid=media-tile]')];
        if (els.some((el) => el.getAttribute('data-state') === 'error')) return true;
        return els.length === 3 && els.every((el) => el.getAttribute('data-state') === 'complete');
      },
      null,
      { timeout: 60_000 },
    );
    let shown = await tiles(page);
    assert.deepEqual(
      shown.map((t) => t.state),
      ['complete', 'complete', 'complete'],
      `tiles: ${JSON.stringify(shown)}; errors: ${await page.$$eval('[data-testid=media-error]', (e) => e.map((x) => x.title))}`,
    );
    assert.deepEqual(shown.map((t) => t.name).sort(), ['clip.mp4', 'photo.jpg', 'tone.mp3']);
    const byName = Object.fromEntries(shown.map((t) => [t.name, t]));
    assert.equal(byName['clip.mp4'].type, 'video');
    assert.equal(byName['photo.jpg'].type, 'image');
    assert.equal(byName['tone.mp3'].type, 'audio');
    const tile = (name) => page.locator(`[data-testid=media-tile][data-asset-id="${byName[name].assetId}"]`);
    await tile('clip.mp4').locator('video').waitFor();
    assert.equal(await tile('clip.mp4').locator('[data-testid=media-duration]').textContent(), '0:03');
    assert.equal(await tile('tone.mp3').locator('[data-testid=media-duration]').textContent(), '0:02');
    await tile('tone.mp3').getByRole('button', { name: 'Play tone.mp3' }).waitFor();
    await tile('photo.jpg').locator('img').waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid=media-tile] img')].every((img) => img.complete && img.naturalWidth > 0),
    );
    await page.locator('[data-testid=upload-queue]').getByRole('button', { name: 'Clear finished' }).click();

    // Refused before anything is sent: a program, an empty text file, a file over 500 MB.
    const callsBefore = uploadUrlCalls.length;
    await page.setInputFiles('[data-testid=upload-input]', [files.exe, files.txt, files.big]);
    const refused = page.locator('[data-testid=upload-queue-item][data-status=refused]');
    await refused.nth(2).waitFor();
    const messages = await refused.allTextContents();
    assert.match(messages[0], /setup\.exe.*not supported/);
    assert.match(messages[1], /empty\.txt.*not supported/);
    assert.ok(messages[2].includes('huge.mp4') && messages[2].includes(TOO_LARGE), messages[2]);
    await page.waitForTimeout(500);
    assert.equal(uploadUrlCalls.length, callsBefore, 'no upload URL was requested for refused files');
    assert.equal((await tiles(page)).length, 3, 'no tile appeared for refused files');

    await page.screenshot({ path: 'test-results/media-library.png', fullPage: true });

    // Delete the image: the dialog asks first, then the tile goes (and stays gone after a reload).
    await tile('photo.jpg').hover();
    await tile('photo.jpg').locator('[data-testid=media-delete]').click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /photo\.jpg/);
    await dialog.locator('[data-testid=confirm-delete]').click();
    await tile('photo.jpg').waitFor({ state: 'detached' });
    await dialog.waitFor({ state: 'detached' });
    shown = await tiles(page);
    assert.deepEqual(shown.map((t) => t.name).sort(), ['clip.mp4', 'tone.mp3']);
    await page.reload();
    await page.locator('[data-testid=media-tile]').first().waitFor();
    assert.deepEqual((await tiles(page)).map((t) => t.name).sort(), ['clip.mp4', 'tone.mp3']);

    await context.close();
  });
});
