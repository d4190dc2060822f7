import { type BrowserContext, type CDPSession, expect, type Page, test } from '@playwright/test';
import { signUpNewCustomer } from '../customer/pages/sign-up.ts';
import { expectToast } from '../customer/pages/toasts.ts';
import { snap } from '../fixtures/snap.ts';

/**
 * Passkeys in a real Chromium (issue 18), with its virtual authenticator (CDP WebAuthn): one is
 * registered in account settings, signs the customer in from a fresh browser profile, is refused
 * when it belongs to another site (RP id), and stops working once removed.
 */
type Credential = {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
};

async function authenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

/** A fresh profile (no cookies, no storage) whose authenticator holds the given credential. */
async function freshProfileWith(
  newContext: () => Promise<BrowserContext>,
  credential: Credential,
): Promise<Page> {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto('/');
  const { cdp, id } = await authenticator(page);
  await cdp.send('WebAuthn.addCredential', { authenticatorId: id, credential });
  return page;
}

/**
 * The sign-in page with a passkey: Chromium's virtual authenticator answers the page's autofill
 * (conditional UI) request by itself when it holds a passkey for the site; otherwise the
 * "Sign in with a passkey" button asks. Either way the same ceremony signs in (or is refused).
 */
async function signInWithPasskey(page: Page) {
  await page.goto('/login');
  // No wait for the page's heading: with a passkey for the site, the autofill request may sign in
  // before the page is looked at (the callback already passed). The callers assert where it ends.
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await Promise.race([
    page.waitForURL(/\/(dashboard|onboarding)/, { timeout: 15_000 }).catch(() => undefined),
    button.click({ timeout: 15_000 }).catch(() => undefined),
  ]);
}

test('a passkey added in account settings signs in from a fresh profile; a foreign one and a removed one are refused', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { cdp, id } = await authenticator(page);
  await signUpNewCustomer(page, 'passkey');
  await page.goto('/dashboard/account/security');
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security.getByText('You have no passkeys yet.')).toBeVisible();

  await security.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Passkey name').fill('Work laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'Passkey added');
  const list = security.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('Work laptop')).toBeVisible();
  await expect(list.getByText(/Added \w+ \d+, \d{4} · Not used yet/)).toBeVisible();
  await snap(page, '1280-passkeys');

  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: id });
  expect(credentials).toHaveLength(1);
  const credential = credentials[0] as Credential;
  expect(credential.isResidentCredential).toBe(true);

  // A fresh browser profile holding the passkey signs in with it, no password typed.
  const newContext = () => browser.newContext({ baseURL });
  const elsewhere = await freshProfileWith(newContext, credential);
  await signInWithPasskey(elsewhere);
  await expect(elsewhere).toHaveURL(/\/(dashboard|onboarding)/, { timeout: 15_000 });

  // The same key made for another site (RP id): the browser offers nothing for ours.
  const foreign = await freshProfileWith(newContext, {
    ...credential,
    credentialId: Buffer.from('another-credential-id').toString('base64'),
    rpId: 'evil.example',
  });
  await signInWithPasskey(foreign);
  await expect(
    foreign.getByRole('alert').filter({ hasText: /No passkey was used|could not sign you in/ }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(foreign).toHaveURL(/\/oidc\/interaction\//);

  // Rename, then remove (confirmed): the passkey no longer signs in.
  await list.getByRole('button', { name: 'Rename passkey Work laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await rename.getByLabel('Passkey name').fill('Old laptop');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Passkey renamed');
  await list.getByRole('button', { name: 'Remove passkey Old laptop' }).click();
  await page
    .getByRole('dialog', { name: 'Remove passkey' })
    .getByRole('button', { name: 'Remove passkey' })
    .click();
  await expectToast(page, 'Passkey removed');
  await expect(security.getByText('You have no passkeys yet.')).toBeVisible();

  const after = await freshProfileWith(newContext, credential);
  await signInWithPasskey(after);
  await expect(
    after.getByRole('alert').filter({ hasText: 'This passkey is not registered with Pria' }),
  ).toBeVisible();
  await expect(after).toHaveURL(/\/oidc\/interaction\//);
});
