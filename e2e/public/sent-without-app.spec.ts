import { expect, type Page, test } from '@playwright/test';
import { signInNewCustomer } from '../fixtures/new-customer.ts';
import { FeedbackPage } from './pages/feedback-page.ts';

/**
 * ADR 82: the prerendered public pages are whole without the app, which starts only when a page
 * has something for it to do. (The landing page's own cases: landing.spec.ts and header.spec.ts.)
 */
const pages = [
  {
    path: '/about',
    heading: 'About Pria',
    title: 'About Pria | Pria',
    description: /^Why Pria exists, and how it helps you build credit/,
  },
  {
    path: '/faq',
    heading: 'Frequently Asked Questions',
    title: 'Frequently Asked Questions | Pria',
    description: /^Answers about Pria's monthly \$3 charge/,
  },
  {
    path: '/policy',
    heading: 'Privacy Policy',
    title: 'Privacy Policy | Pria',
    description: /^How Pria collects, uses and protects/,
  },
  {
    path: '/terms',
    heading: 'PRIA TERMS OF SERVICE',
    title: 'PRIA TERMS OF SERVICE | Pria',
    description: /^The terms of service that apply/,
  },
  {
    path: '/contact',
    heading: 'Contact Us',
    title: 'Contact Us | Pria',
    description: /^Questions about cards, billing or security\? Send Pria a message/,
  },
  {
    path: '/feedback',
    heading: 'Your opinion matters to us!',
    title: 'Feedback | Pria',
    description: /^Tell Pria how your experience was\.$/,
  },
];

/** The paths of the app's code (/assets/*.js) this page asked for. */
function appScripts(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.resourceType() === 'script' && pathname.startsWith('/assets/')) asked.push(pathname);
  });
  return asked;
}

test.describe('signed out on a phone (390px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each page is sent whole, with its title, and asks for none of the app', async ({ page }) => {
    const asked = appScripts(page);
    for (const p of pages) {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      await expect(page).toHaveTitle(p.title);
      // Each its own description (a search result, a shared link), not the landing page's.
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', p.description);
      await expect(page.getByRole('contentinfo').getByText(/at least 18 years old/)).toBeVisible();
    }
    // NOTE: a wait to show that nothing comes (the app used to start a frame after the first paint).
    await page.waitForTimeout(2000);
    expect(asked).toEqual([]);
  });

  test("the FAQ's answers open and close without the app, one at a time, by touch and by keyboard", async ({
    page,
  }) => {
    const asked = appScripts(page);
    await page.goto('/faq');
    const first = page.getByText('Pria charges $3 per card per month.');
    const declined = page.getByText(/Pria does not retry it/);
    await expect(first).toBeVisible();
    await expect(declined).toBeHidden();

    await page.getByText('What happens if a charge is declined?').click();
    await expect(declined).toBeVisible();
    // The one open before closes: one answer at a time.
    await expect(first).toBeHidden();

    // From the keyboard: the question (its <summary>) is a tab stop; Enter opens it.
    await page.locator('summary', { hasText: 'When is the charge made?' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator('summary:focus')).toHaveText('Does Pria store my card details?');
    await page.keyboard.press('Enter');
    await expect(page.getByText(/tokeni[sz]ed/i)).toBeVisible();
    await expect(declined).toBeHidden();
    expect(asked).toEqual([]);
  });
});

/**
 * Holds the app's code (/assets/*.js) until `release()`: what a visitor does before the app runs,
 * on a slow connection, made certain.
 */
async function holdTheApp(page: Page): Promise<{ asked: string[]; release: () => void }> {
  const asked: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return { asked, release };
}

test.describe('a form sent without the app (ADR 82: /contact, /feedback)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('what a visitor types and picks before the app runs, and a send pressed then, is the message sent', async ({
    page,
  }) => {
    const app = await holdTheApp(page);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    // NOTE: a wait to show that reading the page does not start the app.
    await page.waitForTimeout(1000);
    expect(app.asked).toEqual([]);

    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByText('Security', { exact: true }).click();
    // Reaching into the form started the app (held here, as on a slow connection).
    await expect.poll(() => app.asked.length).toBeGreaterThan(0);
    const email = `before-app-${Date.now()}@example.com`;
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('textbox', { name: 'Message' }).fill('Typed before the app ran.');
    await form.getByRole('textbox', { name: 'Email' }).press('Enter');
    // The browser's own submit would have put the fields in the address: it waits for the app.
    await expect(page).toHaveURL(/\/contact$/);

    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/support/contact-us'),
    );
    app.release();
    expect((await sent).postDataJSON()).toEqual({
      type: 'Security',
      email,
      message: 'Typed before the app ran.',
    });
    await expect(page.getByText('Message Sent Successfully')).toBeVisible();
    // The form is the app's now: its chips and fields answer as before.
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await form.getByText('Billing and Plans', { exact: true }).click();
    await expect(form.getByRole('textbox', { name: 'Topic' })).toHaveValue('Billing and Plans');
    await expect(form.getByRole('radio', { name: 'Security' })).not.toBeChecked();
  });

  test('a topic typed before the app runs wins over a chip picked then', async ({ page }) => {
    const app = await holdTheApp(page);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByText('Suggestions', { exact: true }).click();
    await form.getByText('Billing and Plans', { exact: true }).click();
    // One group already: the browser keeps one chip checked.
    await expect(form.getByRole('radio', { name: 'Suggestions' })).not.toBeChecked();
    await expect(form.getByRole('radio', { name: 'Billing and Plans' })).toBeChecked();
    await form.getByRole('textbox', { name: 'Topic' }).fill('Something else');
    app.release();
    // Once the app runs, the chip the browser checked is not the topic: unchecked.
    await expect(form.getByRole('radio', { name: 'Billing and Plans' })).not.toBeChecked();
    await expect(form.getByRole('textbox', { name: 'Topic' })).toHaveValue('Something else');
    await form.getByRole('button', { name: 'Send Message' }).click();
    // The topic is in the form's state: only the two fields left empty are refused.
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Topic is required')).toHaveCount(0);
  });

  test('a star and words given before the app runs are the review sent', async ({ page }) => {
    const app = await holdTheApp(page);
    const feedback = new FeedbackPage(page);
    await feedback.open();
    await feedback.pick(4);
    await expect.poll(() => app.asked.length).toBeGreaterThan(0);
    // The stars up to the one picked are filled before the app runs too, the next one not.
    expect(await feedback.fill(4)).not.toBe(await feedback.fill(5));
    expect(await feedback.fill(1)).toBe(await feedback.fill(4));
    await feedback.message.fill('Quick before the app.');
    await expect(feedback.rateNow).toBeDisabled();
    app.release();
    await expect(feedback.rateNow).toBeEnabled();
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/feedback'));
    await feedback.rateNow.click();
    expect((await sent).postDataJSON()).toEqual({ star: 4, message: 'Quick before the app.' });
    await expect(page.getByText('Feedback submitted successfully')).toBeVisible();
  });

  test("Maybe later is a link: it works before the app runs, and the app's code is never asked for", async ({
    page,
  }) => {
    const asked = appScripts(page);
    await page.goto('/feedback');
    await page.getByRole('link', { name: 'Maybe later' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Better Credit, Made Simple' })).toBeVisible();
    expect(asked).toEqual([]);
  });
});

test('Español picked on a page sent without the app: the same page again in Spanish, kept, without the app', async ({
  page,
  context,
}) => {
  const asked = appScripts(page);
  await page.goto('/faq');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /^Respuestas sobre el cargo mensual de \$3 de Pria/,
  );
  await expect(page).toHaveURL(/\/faq$/);
  const cookie = (await context.cookies()).find((c) => c.name === 'pria_lang');
  expect(cookie?.value).toBe('es');
  // And back.
  await page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  expect(asked).toEqual([]);
});

test('a signed-in customer on a public page gets the app, and its signed-in header and footer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInNewCustomer(page, 'public');

  const asked = appScripts(page);
  await page.goto('/faq');
  // The stored session starts the app, which shows who is signed in (spec: the FAQ's header
  // depends on sign-in state; the footer offers Review instead of About, FAQ and Contact).
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Dashboard' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Review' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText(/at least 18 years old/)).toHaveCount(0);
  expect(asked.length).toBeGreaterThan(0);
  // The page the app adopted is the one sent: its answers still open.
  await page.getByText('What happens if a charge is declined?').click();
  await expect(page.getByText(/Pria does not retry it/)).toBeVisible();
});
