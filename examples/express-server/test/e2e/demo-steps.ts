import type { Clock } from '@gatehousejs/core/ports';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectText } from './browser.js';

/** Someone who signs up in a browser test. */
export interface Person {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

/** Registers `person` over the API (201), as a quicker start than the form when the form is not the point. */
export async function registerByApi(base: string, person: Person): Promise<void> {
  const response = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...person, confirmPassword: person.password }),
  });
  expect(response.status).toBe(201);
}

/** Fills the demo app's log-in form and submits it. */
export async function logIn(app: Page, email: string, password: string): Promise<void> {
  const form = app.locator('#login-form');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Waits for the signed-in view of `firstName`. The title alone is not enough: it keeps its text
 * while hidden after a log-out, so it would not tell an in-flight sign-in from the last one.
 */
export async function expectSignedIn(app: Page, firstName: string): Promise<void> {
  await app.locator('#signed-in').waitFor({ state: 'visible' });
  await expectText(app.locator('#profile-title'), `Hello, ${firstName}`);
}

/** The server's clock: real time, moved ahead only when a test says (a session grown old, the next TOTP step). */
export interface MovableClock extends Clock {
  advance(seconds: number): void;
}

export function movableClock(): MovableClock {
  let aheadMs = 0;
  return {
    now: () => new Date(Date.now() + aheadMs),
    advance(seconds) {
      aheadMs += seconds * 1000;
    },
  };
}
