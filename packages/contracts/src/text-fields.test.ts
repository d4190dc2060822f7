import { describe, expect, it } from 'vitest';
import { billingAddress } from './address.ts';
import { newCardRequest } from './cards.ts';
import { feedbackRequest } from './feedback.ts';
import { onboardingProfileUpdate, profileUpdate } from './profile.ts';
import { contactUsRequest, supportRequest } from './support.ts';
import { textLimits } from './text-limits.ts';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

const longer = (max: number) => 'x'.repeat(max + 1);
const profile = {
  firstName: 'Nora',
  middleName: null,
  lastName: 'Newbie',
  phone: '2025550104',
  address: {
    address1: '55 Water Street',
    locality: 'Brooklyn',
    administrativeArea: 'NY',
    postalCode: '11201',
  },
};

// Issue 40: a 300-character topic said "Topic is required"; a long city said zod's own
// "Too big: expected string to have <=100 characters".
describe('a text longer than its limit is said in words, with the field’s label', () => {
  it('a contact topic and message', () => {
    const topic = contactUsRequest.safeParse({ email: 'a@example.com', type: longer(300), message: 'Hi' });
    expect(messagesOf(topic)).toEqual([`Topic must be at most ${textLimits.topic} characters`]);
    const message = contactUsRequest.safeParse({
      email: 'a@example.com',
      type: 'Security',
      message: longer(6000),
    });
    expect(messagesOf(message)).toEqual([`Message must be at most ${textLimits.message} characters`]);
  });

  it('the support form and the feedback message', () => {
    expect(messagesOf(supportRequest.safeParse({ type: longer(textLimits.topic), message: 'Hi' }))).toEqual([
      'Topic must be at most 100 characters',
    ]);
    expect(messagesOf(feedbackRequest.safeParse({ star: 5, message: longer(textLimits.message) }))).toEqual([
      'Message must be at most 5000 characters',
    ]);
  });

  it('the profile’s names and address, in onboarding and in account settings', () => {
    for (const schema of [profileUpdate, onboardingProfileUpdate]) {
      const names = schema.safeParse({ ...profile, firstName: longer(100), middleName: longer(100) });
      expect(messagesOf(names)).toEqual([
        'First name must be at most 100 characters',
        'Middle name must be at most 100 characters',
      ]);
      const address = schema.safeParse({
        ...profile,
        address: { ...profile.address, address1: longer(200), locality: longer(100) },
      });
      expect(messagesOf(address)).toEqual([
        'Street must be at most 200 characters',
        'City must be at most 100 characters',
      ]);
    }
  });

  it('a card’s name and billing address', () => {
    const address = billingAddress.safeParse({ ...profile.address, locality: longer(100) });
    expect(messagesOf(address)).toEqual(['City must be at most 100 characters']);
    const card = newCardRequest.safeParse({
      number: 'x',
      expirationMonth: 12,
      expirationYear: 2099,
      brand: 'visa',
      name: longer(100),
      address: profile.address,
    });
    expect(messagesOf(card)).toContain('Name on card must be at most 100 characters');
  });

  it('a blank or missing required text still says it is required', () => {
    expect(
      messagesOf(contactUsRequest.safeParse({ email: 'a@example.com', type: '  ', message: 'Hi' })),
    ).toEqual(['Topic is required']);
    expect(messagesOf(supportRequest.safeParse({ message: 'Hi' }))).toEqual(['Topic is required']);
    expect(messagesOf(billingAddress.safeParse({ ...profile.address, locality: '' }))).toEqual([
      'City is required',
    ]);
  });

  it('a text at its limit is accepted', () => {
    expect(
      contactUsRequest.safeParse({ email: 'a@example.com', type: 'x'.repeat(100), message: 'x'.repeat(5000) })
        .success,
    ).toBe(true);
  });
});
