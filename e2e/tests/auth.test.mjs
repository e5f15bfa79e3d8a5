// The account journey in a real browser against a real `pagecast run`: register in two
// steps, land on the dashboard, log out, log in again, and field errors for bad input.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { launchChromium, startPagecast } from '../lib/pagecast.mjs';

describe('accounts', () => {
  let app;
  let browser;
  const email = `e2e-${Date.now()}@example.com`;
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

  async function newPage() {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  test('register in two steps, log out, log in again', async () => {
    const page = await newPage();
    await page.goto(app.url + '/');
    await page.waitForURL('**/join');

    await page.fill('[name=signupEmail]', email);
    await page.fill('[name=signupEmailConfirm]', email);
    await page.fill('[name=signupPassword]', password);
    await page.click('[data-testid=join-next]');

    await page.check('input[name=userCategory][value=Business]');
    await page.fill('[name=websiteUrl]', 'https://www.example.com');
    await page.click('[data-testid=join-submit]');

    await page.waitForURL('**/dashboard**');
    await page.waitForSelector('[data-testid=dashboard-home]');
    assert.match(await page.textContent('body'), new RegExp(email));
    await page.screenshot({ path: 'test-results/dashboard.png' });

    await page.click('[data-testid=logout]');
    await page.waitForURL('**/login**');
    // The session is gone on the server as well.
    const res = await page.request.get(app.url + '/api/v2/user/validateSession');
    assert.equal((await res.json()).data.status, false);

    await page.fill('[name=email]', email);
    await page.fill('[name=password]', password);
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=dashboard-home]');
    await page.context().close();
  });

  test('bad password shows a field error and writes nothing', async () => {
    const page = await newPage();
    await page.goto(app.url + '/join');
    const other = `short-${Date.now()}@example.com`;
    await page.fill('[name=signupEmail]', other);
    await page.fill('[name=signupEmailConfirm]', other);
    await page.fill('[name=signupPassword]', 'short');
    await page.click('[data-testid=join-next]');
    const err = page.locator('[data-testid=error-signupPassword]');
    await err.waitFor();
    assert.match(await err.textContent(), /between 10 and 20 characters/);
    assert.ok(page.url().endsWith('/join'));

    // Wrong password on the login page: the server's message is shown.
    await page.goto(app.url + '/login');
    await page.fill('[name=email]', email);
    await page.fill('[name=password]', 'wrong-password-1');
    await page.click('[data-testid=login-submit]');
    await page.getByText('Incorrect email or password.').first().waitFor();
    await page.context().close();
  });

  test('the sign-up e-mail ran as a Temporal workflow, listed by the Temporal UI', async () => {
    // The UI server proxies the frontend's HTTP API; this is what its workflow list shows.
    const deadline = Date.now() + 30_000;
    let runs = [];
    while (Date.now() < deadline) {
      const res = await fetch(`${app.uiUrl}/api/v1/namespaces/default/workflows`);
      if (res.ok) {
        const body = await res.json();
        runs = (body.executions || []).filter((e) => e.type?.name === 'SendVerificationEmail' && e.status === 'WORKFLOW_EXECUTION_STATUS_COMPLETED');
        if (runs.length >= 1) break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.ok(runs.length >= 1, 'a completed SendVerificationEmail run is listed');
    const ui = await fetch(app.uiUrl + '/namespaces/default/workflows');
    assert.equal(ui.status, 200);
  });
});
