import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { planRadio } from '../customer/pages/choice-radios.ts';
import { testCards } from '../customer/pages/test-cards.ts';
import { expectToast } from '../customer/pages/toasts.ts';
import { firstLink } from '../fixtures/outbox.ts';
import { cardsOf, customerByEmail, planCharges, sql, subscriptionOf } from '../journeys/support/ledger.ts';
import { messagesTo, waitForMail } from '../journeys/support/outbox.ts';
import { expectNoSidewaysScroll } from '../journeys/support/viewport.ts';
import { signUpInSpanish } from './spanish-sign-up.ts';

/**
 * Issue 42's journey in Spanish, at 390 px, as a person on a phone whose browser asks for Spanish
 * lives it: the hosted sign-up, the address check from the outbox, onboarding (profile, a card,
 * the plan), checkout, the confirmation with its receipt, then the dashboard and the progress
 * panel. What they read, and what the ledger and the outbox then hold.
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'es-US' });

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: await readFile(path) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test('a Spanish browser signs up, verifies, onboards, pays and reads its dashboard in Spanish; the ledger and the outbox agree', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = `journey-es-${Date.now()}@example.com`;

  // Sign up on the provider's Spanish pages; the account keeps the language it signed up in.
  await signUpInSpanish(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
  const [identity] = await sql<{ language: string | null }>(
    'select language from idp_users where email = $1',
    [email],
  );
  expect(identity?.language).toBe('es');

  // The address check arrives in Spanish; its link opens a Spanish page.
  const verify = await waitForMail(request, email, /verify-email\?token=/);
  expect(verify.subject).toBe('Verifique su correo electrónico de Pria');
  expect(verify.text).toContain('¡Le damos la bienvenida a Pria!');
  expect(verify.text).toContain('Confirme su correo electrónico abriendo este enlace:');
  expect(verify.text).not.toContain('Please confirm');
  await page.goto(firstLink(verify.text));
  await expect(page.getByRole('heading', { name: 'Correo electrónico verificado' })).toBeVisible();
  expect((await customerByEmail(email)).email_verified).toBe(true);
  await page.getByRole('link', { name: 'Continuar a Pria' }).click();

  // Onboarding: the welcome, then the profile (the ZIP sets the state).
  await expect(page.getByRole('heading', { level: 1, name: 'Le damos la bienvenida a Pria' })).toBeVisible();
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await expect(page.getByRole('heading', { name: 'Sus datos' })).toBeVisible();
  const profile = page.getByRole('form', { name: 'Información personal' });
  await profile.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Ana');
  await profile.getByRole('textbox', { name: 'Apellido', exact: true }).fill('López');
  // The phone's example is its hint, not grey digits in the box that read as typed (issue 42).
  const phone = profile.getByLabel('Número de teléfono');
  await expect(phone).not.toHaveAttribute('placeholder');
  await expect(phone).toHaveAccessibleDescription('Número de EE. UU., 10 dígitos. Ejemplo: 2025550104');
  await phone.fill('7185550104');
  await profile.getByRole('textbox', { name: 'Calle', exact: true }).fill('55 Water Street');
  await profile.getByRole('textbox', { name: 'Ciudad' }).fill('Brooklyn');
  await profile.getByRole('textbox', { name: 'Código postal' }).fill('11201');
  // The state by its Spanish name (the code is what is saved), the country likewise (issue 42).
  const state = profile.getByRole('combobox', { name: 'Estado' });
  await expect(state).toHaveValue('NY');
  await expect(state.locator('option:checked')).toHaveText('Nueva York');
  await expect(profile.getByRole('textbox', { name: 'País' })).toHaveValue('Estados Unidos');
  await profile.getByRole('button', { name: 'Guardar y continuar' }).click();
  await expectToast(page, 'Actualizado correctamente');
  expect(await customerByEmail(email)).toMatchObject({ administrative_area: 'NY', postal_code: '11201' });

  // A card: its details, then the billing address taken from the profile.
  await expect(page.getByRole('heading', { name: 'Agregue sus tarjetas' })).toBeVisible();
  const cardForm = page.getByRole('form', { name: 'Agregar tarjeta' });
  await cardForm.getByLabel('Número de tarjeta').fill(testCards.visa);
  await cardForm.getByLabel('Vencimiento').fill('1230');
  // A 2-digit CVC is refused in Spanish on the card details, before anything is sent.
  await cardForm.getByLabel('CVC').fill('12');
  await cardForm.getByRole('button', { name: 'Siguiente' }).click();
  await expect(cardForm.getByText('CVC no válido')).toBeVisible();
  await expect(cardForm.getByRole('combobox', { name: 'Estado' })).toHaveCount(0);
  await cardForm.getByLabel('CVC').fill('123');
  await cardForm.getByRole('button', { name: 'Siguiente' }).click();
  await expect(cardForm.getByRole('combobox', { name: 'Estado' }).locator('option:checked')).toHaveText(
    'Nueva York',
  );
  await cardForm.getByRole('button', { name: 'Agregar tarjeta' }).click();
  await expect(page.getByRole('heading', { name: 'Sus tarjetas (1/3)' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();

  // The plan (named in Spanish by the server: Semestral), then checkout in Spanish.
  await expect(page.getByRole('heading', { name: 'Elija una suscripción' })).toBeVisible();
  await planRadio(page, 'Semestral').click();
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Pago', exact: true })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Resumen del pedido' });
  for (const [label, amount] of [
    ['Precio del plan', '$36.00'],
    ['Impuestos (8.25%)', '$2.97'],
    ['Total', '$38.97'],
  ] as const) {
    await expect(summary.getByText(label, { exact: true }).locator('..')).toContainText(amount);
  }
  const payment = page.getByRole('form', { name: 'Pago', exact: true });
  await expect(payment.getByRole('radio', { name: 'Elegir una tarjeta guardada' })).toBeChecked();
  const terms = page.getByTestId('renewal-terms');
  await expect(terms).toContainText('Renovación automática');
  await expect(terms).toContainText('$38.97');
  // The renewal terms themselves, in Spanish with a Spanish date (the same version as the English).
  await expect(terms).toContainText('se renueva automáticamente: $38.97 (impuestos incluidos) cada 6 meses');
  await expect(terms).toContainText(/la próxima vez el \d{1,2} de [a-z]+ de \d{4}, hasta que lo cancele/);
  await expect(terms).not.toContainText('renews automatically');
  await expectNoSidewaysScroll(page);
  await payment.getByRole('button', { name: 'Pagar $38.97' }).click();

  // The confirmation, in Spanish, with the receipt.
  await expect(page.getByText('Pago recibido: ya tiene su suscripción')).toBeVisible();
  await expect(page.getByText('Payment received: you are subscribed')).toHaveCount(0);
  await expect(page.getByText('Plan Semestral: $38.97 (incluye $2.97 de impuestos al 8.25%)')).toBeVisible();
  await expect(page.getByText(`También le enviamos el recibo a ${email}.`)).toBeVisible();
  const receiptNumber = (await page.getByText(/^Recibo R-\d{6}$/).textContent())?.match(/R-\d{6}/)?.[0];
  expect(receiptNumber).toBeTruthy();
  const receiptButton = page.getByRole('button', { name: `Descargar recibo ${receiptNumber} (PDF)` });
  await expect(receiptButton).toHaveText('Descargar recibo (PDF)');
  const [download] = await Promise.all([page.waitForEvent('download'), receiptButton.click()]);
  // Its file name too (issue 42).
  expect(download.suggestedFilename()).toBe(`pria-recibo-${receiptNumber}.pdf`);
  const receiptText = await pdfText(await download.path());
  expect(receiptText).toContain(`${receiptNumber}`);
  expect(receiptText).toContain('$38.97');
  // The receipt itself is in Spanish (ADR 74's documents addendum): its labels, not the English ones.
  expect(receiptText).toContain('Número de recibo');
  expect(receiptText).toContain('Facturado a');
  expect(receiptText).not.toContain('Receipt number');
  expect(receiptText).not.toContain('Billed to');

  // The ledger: one captured plan charge, an active subscription, the card in Charge & Pay.
  const customer = await customerByEmail(email);
  expect(await planCharges(customer.id)).toEqual([
    { status: 'captured', amount_cents: '3897', plan_id: 'semi-annual', decline_reason: null },
  ]);
  expect(await subscriptionOf(customer.id)).toMatchObject({ status: 'active', plan_id: 'semi-annual' });
  expect((await cardsOf(customer.id)).map((c) => [c.last_four, c.charge_and_pay])).toEqual([['1111', true]]);
  // Each consent names the language of the version shown: all three in Spanish.
  expect(
    await sql<{ document: string; language: string }>(
      'select distinct document, language from consent_records where customer_id = $1 order by document',
      [customer.id],
    ),
  ).toEqual([
    { document: 'privacy', language: 'es' },
    { document: 'recurring', language: 'es' },
    { document: 'terms', language: 'es' },
  ]);

  // The outbox: the receipt email in Spanish, and nothing to this address in English.
  const started = await waitForMail(request, email, /^Su suscripción de Pria comenzó/);
  expect(started.text).toContain('Su plan semestral de Pria comenzó el');
  expect(started.text).toContain(`Recibo: ${receiptNumber}`);
  for (const message of await messagesTo(request, email)) {
    expect(message.subject ?? '').not.toMatch(/^(Verify your|Your Pria|Welcome)/);
  }

  // The dashboard and the progress panel, in Spanish.
  await page.getByRole('button', { name: 'Ir al inicio' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
  await expect(page).toHaveTitle('Inicio | Pria');
  await expect(page.getByRole('heading', { level: 2, name: 'Tarjetas', exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Sus tarjetas' }).getByRole('group', { name: '1 de 2' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Próximos movimientos' })).toContainText(
    'hora de Nueva York',
  );
  const progress = page.getByRole('region', { name: 'Su progreso' });
  await expect(progress).toContainText(
    /Su primer cargo de \$3 es el \d{1,2} de [a-z]+ de \d{4} a las 4:00 p\.m\., hora de Nueva York, y se lo abonamos el día 2\./,
  );
  await progress.getByRole('button', { name: 'Cómo se relaciona Cargo y Abono con su crédito' }).click();
  await expect(progress.getByText('Historial de pagos', { exact: true })).toBeVisible();
  await expect(progress.getByText(/^Un cargo rechazado no es un pago atrasado/)).toBeVisible();
  // The English the same screen shows an English reader is not there.
  await expect(page.getByText('Your progress')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Cards', exact: true })).toHaveCount(0);
  await expect(page.getByText('+ Add new Card')).toHaveCount(0);
  await expect(progress.getByText('Payment history')).toHaveCount(0);
  await expect(page.getByText(/Your first \$3 charge is on/)).toHaveCount(0);
  await expect(page.getByText(/at 4pm New York time/)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});
