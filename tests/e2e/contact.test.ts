import type { Browser, Page } from 'playwright-core';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, launchChromium, newPage } from './browser';

const SUCCESS = "Message sent successfully! We'll get back to you soon.";
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'screenshot.png');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Records what the page hands to fetch for the contact form (Chromium does not expose multipart file bodies). */
async function recordContactForm(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __contactForms: Record<string, string>[] };
    w.__contactForms = [];
    const realFetch = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/contact') && init?.body instanceof FormData) {
        const entry: Record<string, string> = {};
        init.body.forEach((v, k) => {
          entry[k] = typeof v === 'string' ? v : `file:${v.name}:${v.type}:${v.size}`;
        });
        w.__contactForms.push(entry);
      }
      return realFetch(input, init);
    };
  });
}

const sentForms = (page: Page) =>
  page.evaluate(() => (window as unknown as { __contactForms: Record<string, string>[] }).__contactForms);

async function fill(page: Page) {
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('The export button does nothing on my laptop.');
}

describe('contact modal', () => {
  it('Get in Touch sends a contact message to the own host, shows success, then closes', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.locator('footer').getByRole('button', { name: 'Get in Touch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
    await fill(page);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/contact')),
      dialog.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(request.method()).toBe('POST');
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.postData()).toMatch(/name="type"\r\n\r\ncontact\r\n/);
    await dialog.getByText(SUCCESS).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    await page.screenshot({ path: join(ARTIFACTS, 'contact-success-1280.png') });
    await dialog.waitFor({ state: 'detached', timeout: 5000 });
    await context.close();
  });

  it('Support sends the screenshot (a real PNG) with type support', async () => {
    const { context, page } = await newPage(browser, 390);
    await recordContactForm(page);
    await page.goto('/');
    await page.locator('footer').getByRole('button', { name: 'Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Support' });
    await fill(page);
    await page.getByLabel(/Screenshot/).setInputFiles(FIXTURE);
    await page.screenshot({ path: join(ARTIFACTS, 'contact-support-390.png') });
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/contact')),
      dialog.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(request.method()).toBe('POST');
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(await sentForms(page)).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: 'The export button does nothing on my laptop.',
        type: 'support',
        screenshot: `file:screenshot.png:image/png:${statSync(FIXTURE).size}`,
      },
    ]);
    const response = await request.response();
    expect(response?.ok()).toBe(true);
    await dialog.getByText(SUCCESS).waitFor();
    // The server received it: the support mail it queued carries the message.
    const log = join(inject('dataDir'), 'server.log');
    await expect
      .poll(() => readFileSync(log, 'utf8').includes('The export button does nothing on my laptop.'), {
        timeout: 10_000,
      })
      .toBe(true);
    await context.close();
  });

  it('a file that is not JPEG or PNG gets the alert and is cleared', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.locator('footer').getByRole('button', { name: 'Support' }).click();
    const alerts: string[] = [];
    page.on('dialog', async (d) => {
      alerts.push(d.message());
      await d.dismiss();
    });
    const input = page.getByLabel(/Screenshot/);
    await input.setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 not an image'),
    });
    await expect.poll(() => alerts).toEqual(['Please select a JPEG or PNG image file.']);
    expect(await input.inputValue()).toBe('');
    await context.close();
  });

  it('is keyboard-usable: focus starts inside, Tab stays inside, Escape closes and focus returns', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const opener = page.locator('footer').getByRole('button', { name: 'Get in Touch' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
