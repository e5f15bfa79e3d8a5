// Creating a video in a real browser against a real `pagecast run`: paste the URL of an
// article (served by this test on loopback, which the run's URL guard allows by test
// config), pull it, pick a narrator, create, follow the generating screen to the end,
// and check the video: its scenes hold the article's text, its pictures sit on slides,
// and each slide's narration plays. Then render it there and play the MP4.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, registerInBrowser, startPagecast } from '../lib/pagecast.mjs';

const paragraphs = [
  'The lighthouse at Bergvik was built in 1872 on a bare rock at the mouth of the fjord. Its lamp burned whale oil for the first twenty years.',
  // Six sentences: a scene of three slides at two sentences a slide.
  'Keepers climbed its hundred steps every evening. They lit the lamp at dusk. They kept a log of every ship. Storms often kept them awake. Supplies came by boat each week. Some keepers stayed for decades.',
  'In 1950 the light was electrified and the keepers became fewer. The last keeper left the island in 1987 when the lamp was automated.',
  'Today the tower is a small museum run by volunteers. Visitors can climb to the lamp room on summer weekends and look out over the islands.',
];

function articleHTML(base) {
  const body = paragraphs
    .map((p, i) => `<p>${p}</p>` + (i < 3 ? `<figure><img src="${base}/img/${i}.jpg" alt="Bergvik lighthouse picture ${i + 1}" width="1280" height="720"><figcaption>Picture ${i + 1}</figcaption></figure>` : ''))
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The Bergvik lighthouse | Coast News</title>
<meta name="description" content="A short history of the Bergvik lighthouse."></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>The Bergvik lighthouse</h1>${body}</article>
<footer>Coast News. All rights reserved.</footer></body></html>`;
}

describe('create a video', () => {
  let app;
  let browser;
  let site;
  let siteUrl;
  const images = [];
  let musicMp3;
  let introMp4;

  before(async () => {
    await mkdir('test-results', { recursive: true });
    const dir = await mkdtemp(join(tmpdir(), 'pagecast-article-'));
    const musicFile = join(dir, 'river.mp3');
    execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=330:d=4', musicFile]);
    musicMp3 = await readFile(musicFile);
    const introFile = join(dir, 'intro.mp4');
    execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-t', '2',
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p', introFile]);
    introMp4 = await readFile(introFile);
    for (let i = 0; i < 3; i++) {
      const file = join(dir, `${i}.jpg`);
      execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i',
        `testsrc2=size=1280x720:rate=1`, '-vf', `hue=h=${i * 120}`, '-frames:v', '1', file]);
      images.push(await readFile(file));
    }
    site = createServer((req, res) => {
      const m = /^\/img\/(\d)\.jpg$/.exec(req.url);
      if (m) {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.end(images[Number(m[1])]);
      }
      if (req.url === '/news/bergvik-lighthouse') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(articleHTML(siteUrl));
      }
      res.writeHead(404).end();
    });
    await new Promise((r) => site.listen(0, '127.0.0.1', r));
    siteUrl = `http://127.0.0.1:${site.address().port}`;
    app = await startPagecast({ PAGECAST_ASSETS_ALLOW_LOOPBACK_URLS: 'true' });
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
    site?.close();
  });

  test('from a page URL: pull, pick a voice, create, watch it build, play the narration', async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    try {
      await registerInBrowser(page, app.url, `create-${Date.now()}@example.com`, 'correct-horse-1', '');
      await page.goto(app.url + '/dashboard/create-video');
      await page.click('[data-testid=create-type-url]');
      await page.click('[data-testid=aspect-horizontal]');
      await page.click('[data-testid=step-next]');

      await page.fill('[data-testid=url-input]', `${siteUrl}/news/bergvik-lighthouse`);
      await page.click('[data-testid=pull-content]');
      await page.waitForSelector('[data-testid=pulled-content]');
      assert.match(await page.textContent('[data-testid=pulled-title]'), /Bergvik lighthouse/);
      assert.match(await page.textContent('[data-testid=pulled-body]'), /whale oil/);
      assert.equal(await page.locator('[data-testid=pulled-images] img').count(), 3, 'the article\'s three pictures');
      await page.click('[data-testid=step-next]');

      // Settings: choose a narrator in the voice selector.
      await page.click('[data-testid=voice-change]');
      await page.locator('[data-testid=voice-modal]').waitFor();
      const chosen = page.locator('[data-testid=voice-result]:has([data-testid=voice-select]:not([disabled]))').nth(1);
      await chosen.waitFor();
      const voiceId = await chosen.getAttribute('data-voice-id');
      await chosen.locator('[data-testid=voice-select]').click();
      await page.locator('[data-testid=voice-modal]').waitFor({ state: 'detached' });
      await page.click('[data-testid=step-next]');

      // Overview, then create: the request carries the script, the pictures and the voice.
      await page.waitForSelector('[data-testid=overview]');
      const [req] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v2/video'),
        page.click('[data-testid=create-submit]'),
      ]);
      const sent = req.postDataJSON();
      assert.equal(String(sent.voiceId), voiceId);
      assert.equal(sent.initialAssets.length, 3);
      assert.match(sent.text, /whale oil/);

      // The generating screen follows the workflow's stages to the end.
      await page.waitForSelector('[data-testid=generating]');
      const seen = new Set();
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        const step = await page.locator('[data-testid=generating-step]').textContent().catch(() => null);
        if (step) seen.add(step.trim());
        if (await page.locator('[data-testid=generating-done]').count()) break;
        assert.equal(await page.locator('[data-testid=generating-failed]').count(), 0, 'the build failed');
        await page.waitForTimeout(50);
      }
      assert.ok(await page.locator('[data-testid=generating-done]').count(), `video ready; steps seen: ${[...seen]}`);
      await page.click('[data-testid=generating-done]');

      // The video: scenes with the article's text, pictures on slides, narration per slide.
      await page.waitForSelector('[data-testid=video-preview]');
      const texts = await page.locator('[data-testid=slide-text]').allTextContents();
      const all = texts.join(' ');
      for (const p of paragraphs) assert.ok(all.includes(p.split('. ')[0]), `the slides say "${p.split('. ')[0]}"`);
      assert.ok((await page.locator('[data-testid=scene]').count()) >= 4, 'one scene per paragraph');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=slide] img').length >= 3, null, { timeout: 60_000 });

      // Play the first slide's narration: the audio really plays.
      await page.locator('[data-testid=slide-play]').first().click();
      await page.waitForFunction(() => {
        const a = document.querySelector('[data-testid=narration-audio]');
        return a && !a.paused && a.currentTime > 0.2;
      }, null, { timeout: 15_000 });
      assert.equal(await page.getByText('Failed to play audio.').count(), 0);

      // The second scene has three slides; playing the scene speaks them one after another.
      const scene = page.locator('[data-testid=scene]').nth(1);
      assert.equal(await scene.locator('[data-testid=slide]').count(), 3, 'a 3-slide scene');
      await scene.locator('[data-testid=scene-play]').click();
      for (let i = 0; i < 3; i++) {
        await scene.locator('[data-testid=slide]').nth(i).and(page.locator('[aria-current=true]')).waitFor({ timeout: 30_000 });
        await page.waitForFunction(() => {
          const a = document.querySelector('[data-testid=narration-audio]');
          return a && !a.paused && a.currentTime > 0.1;
        }, null, { timeout: 15_000 });
      }
      assert.equal(await page.getByText('Failed to play audio.').count(), 0);

      // Music and an intro clip from the media library.
      const upload = async (bytes, name, type) => {
        const id = await page.evaluate(async ([bytes, name, type]) => {
          const token = document.cookie.split('; ').find((c) => c.startsWith('pagecast_csrf='))?.split('=')[1];
          const form = new FormData();
          form.append('file', new File([new Uint8Array(bytes)], name, { type }));
          const res = await fetch('/api/v2/asset/upload', { method: 'POST', headers: { 'x-csrf-token': token }, body: form });
          return (await res.json()).data.assetId;
        }, [[...bytes], name, type]);
        for (let i = 0; ; i++) {
          const state = await page.evaluate(async (id) => (await (await fetch(`/api/v2/asset/${id}`)).json()).data?.state, id);
          if (state === 'complete') return id;
          assert.ok(i < 120 && state !== 'error', `${name} imports (state ${state})`);
          await page.waitForTimeout(500);
        }
      };
      const music = await upload(musicMp3, 'river.mp3', 'audio/mpeg');
      const introClip = await upload(introMp4, 'intro.mp4', 'video/mp4');
      await page.click('[data-testid=soundtrack-add]');
      await page.locator(`[data-testid=soundtrack-choice][data-asset-id="${music}"]`).click();
      await page.locator('[data-testid=soundtrack-item]').waitFor();
      assert.equal(await page.locator('[data-testid=soundtrack-item]').count(), 1);
      await page.locator('[data-testid=insert-row][data-type="1"] [data-testid=insert-choose]').click();
      await page.locator(`[data-testid=insert-choice][data-asset-id="${introClip}"]`).click();
      await page.locator('[data-testid=insert-row][data-type="1"] [data-testid=insert-name]', { hasText: 'intro.mp4' }).waitFor();
      const slidesSeconds = await page.evaluate(async () => {
        const id = location.pathname.split('/').pop();
        return (await (await fetch(`/api/v2/video/${id}`)).json()).data.duration;
      });

      // Render it: the confirmation names the credits, progress shows, then the MP4 plays.
      const renderButton = page.locator('[data-testid=render-button]');
      await renderButton.waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-testid=render-button]')?.disabled, null, { timeout: 30_000 });
      await renderButton.click();
      await page.locator('[data-testid=render-confirm]').waitFor();
      assert.match(await page.textContent('[data-testid=render-confirm]'), /uses 1 credit\. You have 10\./);
      await page.click('[data-testid=render-confirm-submit]');
      await page.locator('[data-testid=render-progress]').waitFor({ timeout: 30_000 });
      await page.locator('[data-testid=render-player]').waitFor({ timeout: 180_000 });
      assert.equal(await page.locator('[data-testid=render-error]').count(), 0);
      await page.evaluate(() => {
        const v = document.querySelector('[data-testid=render-player]');
        v.muted = true;
        return v.play();
      });
      await page.waitForFunction(() => {
        const v = document.querySelector('[data-testid=render-player]');
        return v && v.videoWidth === 1920 && v.videoHeight === 1080 && v.currentTime > 0.5;
      }, null, { timeout: 30_000 });
      // The 2 s intro plays before the slides.
      const playerSeconds = await page.evaluate(() => document.querySelector('[data-testid=render-player]').duration);
      assert.ok(Math.abs(playerSeconds - slidesSeconds - 2) < 0.2, `the MP4 lasts ${playerSeconds} s: the slides' ${slidesSeconds} s and the 2 s intro`);
      for (const type of ['mp4', 'srt', 'vtt', 'ass']) {
        assert.equal(await page.locator(`[data-testid=export-${type}]`).count(), 1, `a ${type} download`);
      }
      // Rendered and unchanged: the button says why it cannot render again.
      await page.waitForFunction(() => document.querySelector('[data-testid=render-button]')?.disabled, null, { timeout: 15_000 });
      assert.match(await page.textContent('[data-testid=render-gate-message]'), /No changes since the last render/);

      // Burning the subtitles in for the next render is an edit: the video may render again.
      const burn = page.locator('[data-testid=render-hardcode-subtitles]');
      assert.equal(await burn.isChecked(), false);
      await burn.check();
      await page.waitForFunction(() => !document.querySelector('[data-testid=render-button]')?.disabled, null, { timeout: 15_000 });
      assert.equal(await page.locator('[data-testid=render-gate-message]').count(), 0);
      const burned = await page.evaluate(async () => {
        const id = location.pathname.split('/').pop();
        return (await (await fetch(`/api/v2/video/${id}`)).json()).data.hardcodeSubtitles;
      });
      assert.equal(burned, true);
      // The e-mail on render is the user's own setting, on until switched off.
      const email = page.locator('[data-testid=render-email]');
      await page.waitForFunction(() => !document.querySelector('[data-testid=render-email]')?.disabled, null, { timeout: 15_000 });
      assert.equal(await email.isChecked(), true);
      // The switch stays enabled while it saves (it keeps the keyboard's focus): wait for the saved setting itself.
      await email.uncheck();
      let settings;
      for (const deadline = Date.now() + 15_000; Date.now() < deadline; await page.waitForTimeout(250)) {
        settings = await page.evaluate(async () => (await (await fetch('/api/v2/user/config')).json()).data.renderSettings);
        if (settings?.sendEmailOnRender === false) break;
      }
      assert.deepEqual(settings, { sendEmailOnRender: false });
    } catch (err) {
      await page.screenshot({ path: 'test-results/create-video.png', fullPage: true }).catch(() => {});
      throw err;
    } finally {
      await context.close();
    }
  });
});
