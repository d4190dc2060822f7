/**
 * The account page's sections after its first screen (issue 43): security, the funding card, the
 * plan, notifications, privacy and deleting the account, one chunk the page asks for as it renders
 * (account-page.tsx). Their forms, switches and tables are most of the page's code; the personal
 * information at the top is the first screen (the cards are the dashboard's, loaded with it).
 */
export { DeleteAccountSection } from '../delete-account/delete-account-section.tsx';
export { NotificationPreferencesForm } from '../notifications/notification-preferences.tsx';
export { PrivacySection } from '../privacy/privacy-section.tsx';
export { SecuritySection } from '../security/security-section.tsx';
export { FundingCardPicker } from '../subscription/funding-card-picker.tsx';
export { SubscriptionSummary } from '../subscription/subscription-summary.tsx';
