// Editing a video in a real browser against a real `pagecast run`: reorder scenes, edit a
// slide's text (its narration is made again), replace a slide's picture from the media
// library, edit a subtitle, add music and an intro, render, and check the MP4 and its
// subtitles reflect every change; then change one scene, render again, and check only
// that scene was rendered again. Two tabs editing one video: reorders apply in turn, an
// order made from a view older than a delete is refused and that tab reloads.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, registerInBrowser, startPagecast } from '../lib/pagecast.mjs';

const script = [
  'The harbour wakes at dawn. Gulls circle over the fishing boats.',
  'Ferries leave for the islands four times a day. In winter the sound freezes.',
  'The old lighthouse still stands on the point. Visitors climb it in summer.',
].join('\n\n');

function ffmpeg(...args) {
  execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args]);
}

// mp4Seconds is the length of the MP4 at url, as ffprobe reads it.
function mp4Seconds(url) {
  return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', url]).toString().trim());
}

describe('editor', () => {
  let app;
  let browser;
  const files = {};

  before(async () => {
    await mkdir('test-results', { recursive: true });
    const dir = await mkdtemp(join(tmpdir(), 'pagecast-editor-'));
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=1', '-frames:v', '1', join(dir, 'dawn.jpg'));
    ffmpeg('-f', 'lavfi', '-i', 'sine=f=330:d=4', join(dir, 'river.mp3'));
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', join(dir, 'intro.mp4'));
    for (const name of ['dawn.jpg', 'river.mp3', 'intro.mp4']) files[name] = await readFile(join(dir, name));
    app = await startPagecast({});
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  test('reorder, edit text, replace a picture, edit a subtitle, add music and an intro, render; change one scene, render only it', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const api = (method, path, body) => page.evaluate(async ([method, path, body]) => {
      const token = document.cookie.split('; ').find((c) => c.startsWith('pagecast_csrf='))?.split('=')[1];
      const res = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-csrf-token': token }, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, body: await res.json().catch(() => null) };
    }, [method, path, body]);
    const upload = async (name, type) => {
      const id = await page.evaluate(async ([bytes, name, type]) => {
        const token = document.cookie.split('; ').find((c) => c.startsWith('pagecast_csrf='))?.split('=')[1];
        const form = new FormData();
        form.append('file', new File([new Uint8Array(bytes)], name, { type }));
        const res = await fetch('/api/v2/asset/upload', { method: 'POST', headers: { 'x-csrf-token': token }, body: form });
        return (await res.json()).data.assetId;
      }, [[...files[name]], name, type]);
      for (let i = 0; ; i++) {
        const r = await api('GET', `/api/v2/asset/${id}`);
        if (r.body?.data?.state === 'complete') return id;
        assert.ok(i < 120, `${name} imports`);
        await page.waitForTimeout(500);
      }
    };
    const video = async (id) => (await api('GET', `/api/v2/video/${id}`)).body.data;
    try {
      await registerInBrowser(page, app.url, `editor-${Date.now()}@example.com`, 'correct-horse-1', '');
      const created = await api('POST', '/api/v2/video', { name: 'Harbour', text: script, canCreateTextSlides: true, hardcodeSubtitles: true });
      assert.equal(created.status, 201);
      const id = created.body.data.videoId;
      for (let i = 0; (await video(id)).buildStage !== 4; i++) {
        assert.ok(i < 240, 'the video builds');
        await page.waitForTimeout(250);
      }
      const picture = await upload('dawn.jpg', 'image/jpeg');
      const music = await upload('river.mp3', 'audio/mpeg');
      const intro = await upload('intro.mp4', 'video/mp4');
      const before = await video(id);
      const [s1, s2, s3] = before.scenes.map((s) => s.sceneId);

      await page.goto(`${app.url}/editor/${id}`);
      await page.locator('[data-testid=editor]').waitFor();

      // Move scene 3 up: the order is now 1, 3, 2.
      await page.locator(`[data-testid=editor-scene][data-scene-id="${s3}"] [data-testid=editor-scene-up]`).click();
      await page.waitForFunction(([a, b]) => {
        const ids = [...document.querySelectorAll('[data-testid=editor-scene]')].map((e) => e.getAttribute('data-scene-id'));
        return ids[1] === String(a) && ids[2] === String(b);
      }, [s3, s2]);

      // Edit the first slide's text: its narration is made again.
      const firstSlide = page.locator(`[data-testid=editor-scene][data-scene-id="${s1}"] [data-testid=editor-slide]`).first();
      const oldNarration = before.scenes[0].layerList[0].narration.assetId;
      const text = firstSlide.locator('[data-testid=editor-slide-text]');
      await text.click();
      await text.fill('The harbour wakes slowly at dawn.');
      await text.press('Enter');
      for (let i = 0; ; i++) {
        const v = await video(id);
        const l = v.scenes.find((s) => s.sceneId === s1).layerList[0];
        if (l.text === 'The harbour wakes slowly at dawn.' && !v.scenes.some((s) => s.needsAudio) && l.narration && l.narration.assetId !== oldNarration) break;
        assert.ok(i < 120, 'the edited slide is narrated again');
        await page.waitForTimeout(250);
      }
      // The Render button opens by itself once the narration is ready, without a reload.
      await page.waitForFunction(() => !document.querySelector('[data-testid=render-button]')?.disabled, null, { timeout: 10_000 });

      // Replace the first slide's picture from the library.
      await firstSlide.locator('[data-testid=slide-replace-media]').click();
      await page.locator(`[data-testid=media-choice][data-asset-id="${picture}"]`).click();
      for (let i = 0; ; i++) {
        const l = (await video(id)).scenes.find((s) => s.sceneId === s1).layerList[0];
        if (l.assetList.length === 1 && l.assetList[0].assetId === picture) break;
        assert.ok(i < 40, 'the slide shows the library picture');
        await page.waitForTimeout(250);
      }

      // Edit the first subtitle.
      const row = page.locator('[data-testid=subtitle-row]').first();
      await row.locator('[data-testid=subtitle-text]').fill('Dawn over the harbour');
      await row.locator('[data-testid=subtitle-save]').click();
      for (let i = 0; ; i++) {
        const subs = (await api('GET', `/api/v2/video/${id}/subtitles`)).body.data;
        if (subs.edited && subs.subtitles.some((s) => s.text === 'Dawn over the harbour')) break;
        assert.ok(i < 40, 'the subtitle is saved');
        await page.waitForTimeout(250);
      }

      // Music and an intro.
      await page.click('[data-testid=soundtrack-add]');
      await page.locator(`[data-testid=soundtrack-choice][data-asset-id="${music}"]`).click();
      await page.locator('[data-testid=soundtrack-item]').waitFor();
      await page.locator('[data-testid=insert-row][data-type="1"] [data-testid=insert-choose]').click();
      await page.locator(`[data-testid=insert-choice][data-asset-id="${intro}"]`).click();
      await page.locator('[data-testid=insert-row][data-type="1"] [data-testid=insert-name]', { hasText: 'intro.mp4' }).waitFor();

      // A subtitle style of one's own, made in the render panel from the Classic one, becomes the video's.
      await page.locator('[data-testid=subtitle-style-3] input[type=radio]').check();
      await page.click('[data-testid=subtitle-style-copy]');
      const editor = page.locator('[data-testid=subtitle-style-editor]');
      await editor.locator('[data-testid=style-name]').fill('Harbour serif');
      await editor.locator('[data-testid=style-fontFamily]').selectOption('DejaVu Serif');
      await editor.locator('[data-testid=style-fontSize]').fill('300');
      await editor.locator('[data-testid=style-save]').click();
      await editor.getByText('Font size must be between 10 and 200.').waitFor();
      await editor.locator('[data-testid=style-fontSize]').fill('64');
      await editor.locator('[data-testid=style-save]').click();
      await editor.waitFor({ state: 'detached' });
      let styleId;
      for (let i = 0; ; i++) {
        const v = await video(id);
        const mine = (await api('GET', '/api/v2/subtitles/styles/config?aspectRatio=horizontal')).body.data.subtitleStyleConfigs.find((s) => s.name === 'Harbour serif');
        if (mine && v.subtitleStyleConfigId === mine.subtitleStyleConfigId) { styleId = mine.subtitleStyleConfigId; break; }
        assert.ok(i < 40, 'the new style is the video\'s');
        await page.waitForTimeout(250);
      }
      assert.ok(await page.locator(`[data-testid=subtitle-style-${styleId}] input[type=radio]`).isChecked(), 'the new style is shown chosen');

      // Render from the editor.
      await page.waitForFunction(() => !document.querySelector('[data-testid=render-button]')?.disabled, null, { timeout: 30_000 });
      await page.click('[data-testid=render-button]');
      await page.click('[data-testid=render-confirm-submit]');
      await page.locator('[data-testid=render-player]').waitFor({ timeout: 180_000 });
      const after = await video(id);
      assert.deepEqual(after.scenes.map((s) => s.sceneId), [s1, s3, s2], 'the scene order holds');
      const seconds = await page.evaluate(() => new Promise((resolve) => {
        const v = document.querySelector('[data-testid=render-player]');
        if (v.readyState >= 1) resolve(v.duration); else v.addEventListener('loadedmetadata', () => resolve(v.duration));
      }));
      assert.ok(Math.abs(seconds - after.duration - 1) < 0.2, `the MP4 lasts ${seconds} s: the slides' ${after.duration} s and the 1 s intro`);
      const exports = (await api('GET', `/api/v2/video/${id}/exports`)).body.data.exports;
      const srt = await (await fetch(exports.find((x) => x.type === 'srt').url)).text();
      assert.match(srt, /Dawn over the harbour/, 'the edited subtitle is delivered');
      assert.match(srt, /^00:00:01,/m, 'subtitles start after the 1 s intro');
      const ass = await (await fetch(exports.find((x) => x.type === 'ass').url)).text();
      assert.match(ass, /^Style: Default,DejaVu Serif,64,/m, 'the ASS file carries the chosen style');
      const details = async () => (await api('GET', `/api/v2/video/${id}/renderStatusWithDetails`)).body.data;
      const first = await details();
      assert.equal(first.status, 'completed');
      assert.deepEqual([first.scenesTotal, first.scenesReused], [3, 0], 'the first render renders every scene');

      // Change one scene only (a tagline of the last scene) and render again: that scene is
      // rendered, the other two are reused from the first render, and the MP4 keeps its length.
      const tagline = page.locator(`[data-testid=editor-scene][data-scene-id="${s2}"] [data-testid=editor-slide-tagline]`).first();
      await tagline.click();
      await tagline.fill('Ferries to the islands');
      await tagline.press('Enter');
      for (let i = 0; ; i++) {
        const v = await video(id);
        if (v.draft && v.scenes.find((s) => s.sceneId === s2).layerList[0].tagline === 'Ferries to the islands') break;
        assert.ok(i < 40, 'the tagline is saved');
        await page.waitForTimeout(250);
      }
      await page.waitForFunction(() => !document.querySelector('[data-testid=render-button]')?.disabled, null, { timeout: 30_000 });
      await page.click('[data-testid=render-button]');
      await page.click('[data-testid=render-confirm-submit]');
      let second;
      for (let i = 0; ; i++) {
        second = await details();
        if (second.attempt === 2 && !['pending', 'rendering'].includes(second.status)) break;
        assert.ok(i < 360, 'the second render ends');
        await page.waitForTimeout(500);
      }
      assert.equal(second.status, 'completed', `the second render completes: ${second.error}`);
      assert.deepEqual([second.scenesTotal, second.scenesDone, second.scenesReused], [3, 3, 2], 'only the changed scene is rendered again');
      await page.locator('[data-testid=render-reuse]', { hasText: '2 of 3 scenes reused from the last render' }).waitFor();
      const again = await video(id);
      assert.equal(again.duration, after.duration, 'the edit keeps the video length');
      const mp4 = (await api('GET', `/api/v2/video/${id}/exports`)).body.data.exports.find((x) => x.type === 'mp4');
      assert.equal(mp4.attempt, 2);
      const secondsAgain = mp4Seconds(mp4.url);
      assert.ok(Math.abs(secondsAgain - again.duration - 1) < 0.2, `the new MP4 lasts ${secondsAgain} s: the slides' ${again.duration} s and the 1 s intro`);
    } catch (err) {
      await page.screenshot({ path: 'test-results/editor.png', fullPage: true }).catch(() => {});
      throw err;
    } finally {
      await context.close();
    }
  });

  test('two tabs: concurrent reorders apply in turn; an order made from a view older than a delete is refused and the tab reloads', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const a = await context.newPage();
    const b = await context.newPage();
    for (const p of [a, b]) p.setDefaultTimeout(20_000);
    const api = (method, path, body) => a.evaluate(async ([method, path, body]) => {
      const token = document.cookie.split('; ').find((c) => c.startsWith('pagecast_csrf='))?.split('=')[1];
      const res = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-csrf-token': token }, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, body: await res.json().catch(() => null) };
    }, [method, path, body]);
    const sceneIds = async (p) => p.evaluate(() => [...document.querySelectorAll('[data-testid=editor-scene]')].map((e) => Number(e.getAttribute('data-scene-id'))));
    const serverOrder = async (id) => {
      const v = (await api('GET', `/api/v2/video/${id}`)).body.data;
      assert.deepEqual(v.scenes.map((s) => s.order), v.scenes.map((_, i) => i + 1), 'scene orders are 1..n');
      return v.scenes.map((s) => s.sceneId);
    };
    try {
      await registerInBrowser(a, app.url, `tabs-${Date.now()}@example.com`, 'correct-horse-1', '');
      const created = await api('POST', '/api/v2/video', { name: 'Two tabs', text: script, canCreateTextSlides: true });
      assert.equal(created.status, 201);
      const id = created.body.data.videoId;
      for (let i = 0; (await api('GET', `/api/v2/video/${id}`)).body.data.buildStage !== 4; i++) {
        assert.ok(i < 240, 'the video builds');
        await a.waitForTimeout(250);
      }
      const [s1, s2, s3] = await serverOrder(id);
      for (const p of [a, b]) {
        await p.goto(`${app.url}/editor/${id}`);
        await p.locator('[data-testid=editor-scene]').nth(2).waitFor();
      }
      const waitOrder = async (p, want) => {
        for (let i = 0; ; i++) {
          if (JSON.stringify(await sceneIds(p)) === JSON.stringify(want)) return;
          assert.ok(i < 80, `the tab shows ${want}`);
          await p.waitForTimeout(250);
        }
      };

      // Both tabs reorder from the same view: each order names every scene, so both
      // apply, in turn; the last one wins and the orders stay 1..n.
      await a.locator(`[data-testid=editor-scene][data-scene-id="${s3}"] [data-testid=editor-scene-up]`).click();
      await waitOrder(a, [s1, s3, s2]);
      await b.locator(`[data-testid=editor-scene][data-scene-id="${s1}"] [data-testid=editor-scene-down]`).click();
      await waitOrder(b, [s2, s1, s3]);
      assert.deepEqual(await serverOrder(id), [s2, s1, s3], 'the later order is the one stored');

      // Tab A deletes scene 1. Tab B, still showing three scenes, moves scene 3 up: its
      // order names a scene that is gone, so it is refused, B is told and reloads.
      await a.reload();
      await waitOrder(a, [s2, s1, s3]);
      await a.locator(`[data-testid=editor-scene][data-scene-id="${s1}"] [data-testid=editor-scene-delete]`).click();
      await a.click('[data-testid=editor-delete-confirm-submit]');
      await waitOrder(a, [s2, s3]);
      assert.deepEqual(await serverOrder(id), [s2, s3]);
      await b.locator(`[data-testid=editor-scene][data-scene-id="${s3}"] [data-testid=editor-scene-up]`).click();
      await b.locator('[data-testid=editor-notice]', { hasText: 'This video changed in another tab.' }).waitFor();
      assert.deepEqual(await serverOrder(id), [s2, s3], 'the refused order changed nothing');
      await b.click('[data-testid=editor-reload]');
      await waitOrder(b, [s2, s3]);
    } catch (err) {
      await a.screenshot({ path: 'test-results/editor-tab-a.png', fullPage: true }).catch(() => {});
      await b.screenshot({ path: 'test-results/editor-tab-b.png', fullPage: true }).catch(() => {});
      throw err;
    } finally {
      await context.close();
    }
  });
});
