import { describe, expect, it } from 'vitest';
import {
  messages,
  stepForServerErrors,
  validateAboutYou,
  validateCategory,
  validateEmail,
  validateEmailConfirm,
  validateLogin,
  validateLoginInfo,
  validatePassword,
  validateWebsiteUrl,
} from './validation';

describe('validateEmail', () => {
  it.each([
    ['', messages.emailRequired],
    ['   ', messages.emailRequired],
    ['ada', messages.emailInvalid],
    ['ada@', messages.emailInvalid],
    ['@example.com', messages.emailInvalid],
    ['ada@example', messages.emailInvalid],
    ['ada @example.com', messages.emailInvalid],
    ['ada@@example.com', messages.emailInvalid],
    ['ada@example..com', messages.emailInvalid],
    ['ada@example.com', undefined],
    ['  ada@example.com  ', undefined],
    ['ada.lovelace+videos@mail.example.co.uk', undefined],
  ])('%j -> %j', (input, expected) => {
    expect(validateEmail(input)).toBe(expected);
  });
});

describe('validateEmailConfirm', () => {
  it.each([
    ['ada@example.com', '', messages.confirmRequired],
    ['ada@example.com', 'not-an-email', messages.emailInvalid],
    ['ada@example.com', 'bob@example.com', messages.emailsDontMatch],
    ['ada@example.com', 'ada@example.com', undefined],
    ['ada@example.com', ' ADA@example.com ', undefined],
  ])('%j / %j -> %j', (email, confirm, expected) => {
    expect(validateEmailConfirm(email, confirm)).toBe(expected);
  });
});

describe('validatePassword', () => {
  it.each([
    ['', messages.passwordRequired],
    ['a'.repeat(9), messages.passwordLength],
    ['a'.repeat(10), undefined],
    ['a'.repeat(20), undefined],
    ['a'.repeat(21), messages.passwordLength],
    ['correct horse', undefined],
    // Ten emoji are ten characters even though each is two UTF-16 units.
    ['😀'.repeat(10), undefined],
    ['😀'.repeat(21), messages.passwordLength],
  ])('%j -> %j', (input, expected) => {
    expect(validatePassword(input)).toBe(expected);
  });

  it('uses the product wording', () => {
    expect(messages.passwordLength).toBe('Password must be between 10 and 20 characters');
    expect(messages.emailInvalid).toBe('Please enter a valid email');
    expect(messages.emailsDontMatch).toBe("emails don't match");
    expect(messages.categoryRequired).toBe('Please choose a category');
  });
});

describe('validateCategory', () => {
  it.each([
    ['', messages.categoryRequired],
    ['individual', messages.categoryRequired],
    ['Other', messages.categoryRequired],
    ['Individual', undefined],
    ['Business', undefined],
  ])('%j -> %j', (input, expected) => {
    expect(validateCategory(input)).toBe(expected);
  });
});

describe('validateWebsiteUrl', () => {
  it.each([
    ['', undefined],
    ['https://example.com', undefined],
    ['http://example.com/blog?x=1', undefined],
    ['example.com', undefined],
    ['www.example.co.uk/path', undefined],
    ['not a url', messages.websiteInvalid],
    ['ftp://example.com', messages.websiteInvalid],
    ['javascript:alert(1)', messages.websiteInvalid],
    ['https://', messages.websiteInvalid],
    ['localhost', messages.websiteInvalid],
    ['nodot', messages.websiteInvalid],
  ])('%j -> %j', (input, expected) => {
    expect(validateWebsiteUrl(input)).toBe(expected);
  });
});

describe('validateLoginInfo (step 1)', () => {
  const good = { signupEmail: 'ada@example.com', signupEmailConfirm: 'ada@example.com', signupPassword: 'longenough1' };
  it.each([
    ['all valid', good, {}],
    ['all empty', { signupEmail: '', signupEmailConfirm: '', signupPassword: '' }, {
      signupEmail: messages.emailRequired,
      signupEmailConfirm: messages.confirmRequired,
      signupPassword: messages.passwordRequired,
    }],
    ['mismatch', { ...good, signupEmailConfirm: 'eve@example.com' }, { signupEmailConfirm: messages.emailsDontMatch }],
    ['short password', { ...good, signupPassword: 'short' }, { signupPassword: messages.passwordLength }],
  ])('%s', (_name, values, expected) => {
    expect(validateLoginInfo(values)).toEqual(expected);
  });
});

describe('validateAboutYou (step 2)', () => {
  it.each([
    ['nothing chosen', { userCategory: '' as const, websiteUrl: '' }, { userCategory: messages.categoryRequired }],
    ['category only', { userCategory: 'Business' as const, websiteUrl: '' }, {}],
    ['bad website', { userCategory: 'Individual' as const, websiteUrl: 'a b' }, { websiteUrl: messages.websiteInvalid }],
  ])('%s', (_name, values, expected) => {
    expect(validateAboutYou(values)).toEqual(expected);
  });
});

describe('validateLogin', () => {
  it.each([
    [{ email: '', password: '' }, { email: messages.emailRequired, password: messages.passwordRequired }],
    [{ email: 'x', password: 'p' }, { email: messages.emailInvalid }],
    // Sign-in does not enforce the sign-up length rule: old or short passwords get the server's answer.
    [{ email: 'ada@example.com', password: 'short' }, {}],
  ])('%j', (values, expected) => {
    expect(validateLogin(values)).toEqual(expected);
  });
});

describe('stepForServerErrors', () => {
  it.each([
    [[], 1],
    [['signupEmail'], 1],
    [['captchaFail'], 1],
    [['userCategory'], 2],
    [['userCategory', 'websiteUrl'], 2],
    [['websiteUrl', 'signupPassword'], 1],
  ] as const)('%j -> step %i', (fields, step) => {
    expect(stepForServerErrors([...fields])).toBe(step);
  });
});
