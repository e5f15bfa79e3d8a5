// Starts a real `pagecast run` on free loopback ports with a temporary data dir, and
// launches Debian's Chromium through playwright-core.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

// freePorts returns n distinct loopback ports for `pagecast run` to listen on. Each
// is held until all are picked, then parked in TIME_WAIT (a connection accepted and
// closed from the port's side first), so the kernel gives none of them to anyone who
// asks for any free port (Temporal's internal services do, as they start), while
// pagecast, naming the port, binds it at once. The Go side does the same
// (embedded.ReservePorts), where the reasons are written out.
async function freePorts(n) {
  const servers = [];
  try {
    for (let i = 0; i < n; i++) {
      const srv = createServer();
      servers.push(srv);
      await new Promise((resolve, reject) => {
        srv.on('error', reject);
        srv.listen(0, '127.0.0.1', resolve);
      });
    }
    for (const srv of servers) await parkInTimeWait(srv);
    return servers.map((srv) => srv.address().port);
  } finally {
    await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(() => resolve()))));
  }
}

function parkInTimeWait(srv) {
  return new Promise((resolve, reject) => {
    srv.once('connection', (accepted) => accepted.end());
    const client = connect(srv.address().port, '127.0.0.1');
    client.on('error', reject);
    client.on('end', () => client.end());
    client.on('close', () => resolve());
    client.resume();
  });
}

async function waitReady(url, proc, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`pagecast exited with ${proc.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`pagecast not ready at ${url} after ${timeoutMs} ms`);
}

// env adds or overrides configuration variables (PAGECAST_*) of the run.
export async function startPagecast(env = {}) {
  const bin = process.env.PAGECAST_BIN;
  if (!bin) throw new Error('PAGECAST_BIN must name the built pagecast binary (make test-e2e sets it)');
  const dataDir = await mkdtemp(join(tmpdir(), 'pagecast-e2e-'));
  const [http, temporal, ui, s3] = await freePorts(4);
  const url = `http://127.0.0.1:${http}`;
  const runEnv = {
    ...process.env,
    PAGECAST_DATA_DIR: dataDir,
    PAGECAST_HTTP_ADDR: `127.0.0.1:${http}`,
    PAGECAST_TEMPORAL_HOST_PORT: `127.0.0.1:${temporal}`,
    PAGECAST_TEMPORAL_UI_PORT: String(ui),
    PAGECAST_S3_EMBEDDED_ADDR: `127.0.0.1:${s3}`,
    PAGECAST_LOG_LEVEL: 'warn',
    ...env,
  };
  const proc = spawn(bin, ['run'], { env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout.on('data', (d) => (output += d));
  proc.stderr.on('data', (d) => (output += d));
  try {
    await waitReady(url, proc, 90_000);
  } catch (err) {
    proc.kill('SIGKILL');
    throw new Error(`${err.message}\n${output}`);
  }
  return {
    url,
    uiUrl: `http://127.0.0.1:${ui}`,
    dataDir,
    output: () => output,
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => {
        if (proc.exitCode !== null) return r();
        const t = setTimeout(() => proc.kill('SIGKILL'), 10_000);
        proc.on('exit', () => { clearTimeout(t); r(); });
      });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// registerInBrowser signs up through the two-step join page and waits for the dashboard.
// website is the site the account works on (content URLs must belong to it); with ''
// the account is an individual's without a site, which may pull any page.
export async function registerInBrowser(page, baseUrl, email, password, website = 'https://www.example.com') {
  await page.goto(baseUrl + '/join');
  await page.fill('[name=signupEmail]', email);
  await page.fill('[name=signupEmailConfirm]', email);
  await page.fill('[name=signupPassword]', password);
  await page.click('[data-testid=join-next]');
  await page.check(`input[name=userCategory][value=${website ? 'Business' : 'Individual'}]`);
  if (website) await page.fill('[name=websiteUrl]', website);
  await page.click('[data-testid=join-submit]');
  await page.waitForSelector('[data-testid=dashboard-home]');
}
