import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { currentTotp } from '#app/modules/admin/two-factor.server.ts';
import { demoStaffPassword, demoStaffTotpSecret } from '../../scripts/demo-catalogue/demo-staff.ts';

const baseUrl = inject('baseUrl');
const timeStep = () => Math.floor(Date.now() / 30_000);
const nextStep = async () => {
  const step = timeStep();
  while (timeStep() === step) await new Promise((resolve) => setTimeout(resolve, 500));
};

/**
 * The admin's two-factor page after the password of a demo staff member. `at` runs on each page
 * on the way (the login and the two-factor page), e.g. to check them.
 */
export async function openTwoFactorPage(page: Page, email: string, at: (step: 'login' | 'two-factor') => Promise<void> = async () => {}, shopUrl = baseUrl) {
  await page.goto(`${shopUrl}/paracord_admin/login`);
  await at('login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(demoStaffPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  await at('two-factor');
}

/**
 * Types the authenticator code computed from the demo secret. A code is accepted once per staff
 * member and time step, and another browser test may have just used this one: when it is
 * refused (status 400), the next time step's code is typed.
 */
export async function enterTwoFactorCode(page: Page) {
  for (let attempt = 0; ; attempt++) {
    const answered = page.waitForResponse((response) => response.url().includes('/login/two-factor') && response.request().method() === 'POST');
    await page.getByLabel('Code').fill(currentTotp(demoStaffTotpSecret));
    await page.getByRole('button', { name: 'Log in' }).click();
    if ((await answered).status() !== 400) break;
    if (attempt > 0) throw new Error('the authenticator code of the next time step was refused too');
    await nextStep();
  }
  await page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
}
