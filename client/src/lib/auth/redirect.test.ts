import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each([
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['/dashboard/account', '/dashboard/account'],
    ['/dashboard/video/12?tab=share#top', '/dashboard/video/12?tab=share#top'],
    ['https://evil.example/phish', '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['dashboard', '/dashboard'],
    ['/login', '/dashboard'],
    ['/join?redirect=/x', '/dashboard'],
  ])('%j -> %j', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe('loginPath', () => {
  it.each([
    [undefined, '/login'],
    ['/', '/login'],
    ['/dashboard', '/login?redirect=%2Fdashboard'],
    ['/dashboard/account?x=1', '/login?redirect=%2Fdashboard%2Faccount%3Fx%3D1'],
  ])('%j -> %j', (input, expected) => {
    expect(loginPath(input)).toBe(expected);
  });
});
