// The voice selector in a real browser against a real `pagecast run`: open /dashboard/voices, open the
// selector, search, filter by a tag, play a sample, select a voice and see it in the narrator panel.
// No cloning provider is configured, so the Cloner tab must be absent.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { launchChromium, registerInBrowser, startPagecast } from '../lib/pagecast.mjs';

describe('voices', () => {
  let app;
  let browser;
  const email = `voices-${Date.now()}@example.com`;
  const password = 'correct-horse-1';

  before(async () => {
    await mkdir('test-results', { recursive: true });
    app = await startPagecast();
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  const resultIds = (page) =>
    page.$$eval('[data-testid=voice-result]', (els) => els.map((el) => el.getAttribute('data-voice-id')));

  test('search, filter by tag, play a sample, select a voice', async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const voiceQueries = [];
    const samples = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/v2/voice') voiceQueries.push(new URL(req.url()).searchParams);
    });
    page.on('response', (res) => {
      if (res.request().resourceType() === 'media' || /\/sample$/.test(new URL(res.url()).pathname)) {
        samples.push({ url: res.url(), status: res.status(), type: res.headers()['content-type'] ?? '' });
      }
    });

    await registerInBrowser(page, app.url, email, password);
    await page.goto(app.url + '/dashboard/voices');
    await page.waitForSelector('[data-testid=voice-panel]');
    await page.click('[data-testid=voice-change]');
    const modal = page.locator('[data-testid=voice-modal]');
    await modal.waitFor();
    assert.equal(await modal.getAttribute('role'), 'dialog');
    await page.locator('[data-testid=voice-result]').first().waitFor();
    const initial = await resultIds(page);
    assert.ok(initial.length > 0, 'recommended voices are listed');
    assert.equal(voiceQueries[0].get('recommendedOnly'), 'true');
    assert.equal(voiceQueries[0].get('pageSize'), '1000');
    assert.equal(await page.locator('[data-testid=voice-tab-cloner]').count(), 0, 'no cloning provider: no Cloner tab');

    // Name search (debounced) is sent and narrows the list to names containing "english".
    await page.fill('[data-testid=voice-search]', 'english');
    await page.waitForFunction(() => {
      const names = [...document.querySelectorAll('[data-testid=voice-result] .voice-item__name')].map((e) => e.textContent);
      return names.length > 0 && names.every((n) => /english/i.test(n));
    });
    assert.ok(voiceQueries.some((q) => q.get('search') === 'english'));

    // Toggle the first enabled tag; the query carries it and every result has it.
    const tag = page.locator('[data-testid=voice-tag]:not([disabled])').first();
    const tagId = await tag.getAttribute('data-tag-id');
    const before = voiceQueries.length;
    await tag.check();
    await page.waitForFunction((id) => {
      const ids = [...document.querySelectorAll('[data-testid=voice-tag]')].filter((t) => t.checked).map((t) => t.getAttribute('data-tag-id'));
      return ids.includes(id);
    }, tagId);
    await page.waitForTimeout(300);
    assert.ok(
      voiceQueries.slice(before).some((q) => q.getAll('tags').includes(tagId)),
      `a list request carried tags=${tagId}`,
    );
    await page.locator('[data-testid=voice-result]').first().waitFor();

    await page.screenshot({ path: 'test-results/voices.png' });

    // Play the first result's sample: the <audio> loads the WAV the sample URL redirects to.
    const first = page.locator('[data-testid=voice-result]').first();
    const voiceId = await first.getAttribute('data-voice-id');
    const voiceName = await first.locator('.voice-item__name').textContent();
    await first.locator('[data-testid=voice-play]').click();
    await page.waitForFunction(() => {
      const audio = document.querySelector('[data-testid=voice-audio]');
      return audio && audio.readyState >= 2;
    });
    assert.equal(await first.locator('[data-testid=voice-play]').getAttribute('data-playing'), 'true');
    const played = samples.find((s) => (s.status === 200 || s.status === 206) && /^audio\//i.test(s.type));
    assert.ok(played, `the sample (after its 302) answered 200/206 with audio: ${JSON.stringify(samples)}`);
    assert.equal(await page.locator('[data-testid=notification][data-type=error]').count(), 0);

    // Select it: the modal closes and the panel names the voice.
    await first.locator('[data-testid=voice-select]').click();
    await modal.waitFor({ state: 'detached' });
    assert.equal((await page.textContent('[data-testid=voice-panel-name]')).trim(), voiceName.trim());
    assert.ok(voiceId);

    // Reopen: the chosen voice cannot be selected again; Escape closes.
    await page.click('[data-testid=voice-change]');
    await modal.waitFor();
    const again = page.locator(`[data-testid=voice-result][data-voice-id="${voiceId}"] [data-testid=voice-select]`);
    if (await again.count()) assert.equal(await again.isDisabled(), true, 'the chosen voice cannot be selected again');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await context.close();
  });
});
