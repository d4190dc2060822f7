import { expect, test } from '@playwright/test';
import { ContactPage } from './pages/contact-page.ts';

test.describe('contact form', () => {
  test('submitting an empty form shows each field error and a toast', async ({ page }) => {
    const contact = new ContactPage(page);
    await contact.open();
    await contact.send.click();

    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(page.getByText('Topic is required')).toBeVisible();
    await expect(page.getByText('Please enter all the fields with valid data')).toBeVisible();
    // The keyboard is taken to the first field to mend.
    await expect(contact.topic).toBeFocused();
  });

  test("a refused try's toast replaces the last one, and goes once the message is sent", async ({ page }) => {
    const contact = new ContactPage(page);
    await contact.open();
    await contact.send.click();
    await contact.email.fill('not-an-email');
    await contact.send.click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Please enter all the fields with valid data')).toHaveCount(1);

    await contact.topicChip('Security').click();
    await contact.email.fill(`toasts-${Date.now()}@example.com`);
    await contact.message.fill('Hello');
    await contact.send.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Message Sent Successfully')).toBeVisible();
    await expect(page.getByText('Please enter all the fields with valid data')).toHaveCount(0);
    // Disabled while it sent, the button has the keyboard's focus again.
    await expect(contact.send).toBeFocused();
  });

  test('a malformed email is refused', async ({ page }) => {
    const contact = new ContactPage(page);
    await contact.open();
    await contact.topicChip('Security').click();
    await expect(contact.topic).toHaveValue('Security');
    await contact.email.fill('not-an-email');
    await contact.message.fill('Hello');
    await contact.send.click();

    await expect(page.getByText('Invalid email address')).toBeVisible();
  });

  test('the fraud notice is shown', async ({ page }) => {
    await new ContactPage(page).open();
    await expect(page.getByText(/Pria will never ask for your account number, SSN/)).toBeVisible();
  });

  test('a field at its limit says so, near it counts down (issue 40: cut silently)', async ({ page }) => {
    const contact = new ContactPage(page);
    await contact.open();
    await expect(contact.topic).not.toHaveAccessibleDescription(/characters/);
    await contact.topic.fill('t'.repeat(95));
    await expect(contact.topic).toHaveAccessibleDescription('5 characters left');
    await contact.topic.fill('t'.repeat(100));
    await expect(contact.topic).toHaveAccessibleDescription('Limit reached: up to 100 characters');
    await contact.message.fill('m'.repeat(5000));
    await expect(contact.message).toHaveAccessibleDescription('Limit reached: up to 5,000 characters');
  });

  test('a valid message is sent and the form resets', async ({ page }) => {
    const contact = new ContactPage(page);
    await contact.open();
    await contact.topicChip('Billing and Plans').click();
    await contact.topic.fill('Billing question about my plan');
    await contact.email.fill(`visitor-${Date.now()}@example.com`);
    await contact.message.fill('When is my next renewal?');
    await contact.send.click();

    await expect(page.getByText('Message Sent Successfully')).toBeVisible();
    await expect(contact.email).toHaveValue('');
    await expect(contact.message).toHaveValue('');
  });
});
