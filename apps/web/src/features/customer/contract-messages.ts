import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { messages } from '@pria/contracts/messages';
import { pushMessages } from '@pria/contracts/push';

/**
 * The contracts' words only the signed-in customer area shows (its toasts, confirmations and form
 * errors, issue 42), in the customer catalog so the public pages do not carry them (issue 43). The
 * customer area adds them to the app's lookup when it loads (`addContractMessages`); the English is
 * the contracts' own, word for word (src/app/i18n/contract-messages.test.ts).
 */
export const customerContractMessages: ReadonlyMap<string, MessageDescriptor> = new Map<
  string,
  MessageDescriptor
>([
  [messages.cardAdded, msg`Card added successfully`],
  [messages.cardUpdated, msg`Card updated successfully`],
  [messages.cardRemoved, msg`Card removed successfully`],
  [messages.noFundingCard, msg`Please enter a funding card to subscribe`],
  [messages.accountDeleted, msg`Account Deleted successfully`],
  [messages.deleteAccountFailed, msg`Error while deleting Account`],
  [messages.confirmDeleteAccount, msg`Are you sure you want to delete your account?`],
  [messages.deletionCodeNotePhone, msg`A code will be sent to the phone number linked to your account.`],
  [
    messages.deletionCodeNoteEmail,
    msg`A code will be sent to your email address, because there is no phone number linked to your account.`,
  ],
  [messages.deletionCodeRequired, msg`Code is required`],
  [messages.deletionCodePlaceholder, msg`Code (xxxx)`],
  [messages.confirmDisableMfa, msg`Are you sure you want to turn off two-factor authentication?`],
  [
    messages.mfaFinishInNewTab,
    msg`Finish the set-up in the new tab. This page updates by itself once two-factor authentication is on.`,
  ],
  [messages.couldNotCancel, msg`Could not cancel subscription`],
  [messages.couldNotDisableMfa, msg`Could not disable MFA`],
  [messages.couldNotEnableMfa, msg`Could not enable MFA`],
  [messages.couldNotPause, msg`Could not pause subscription`],
  [messages.couldNotResume, msg`Could not resume subscription`],
  [messages.couldNotSignOutEverywhere, msg`Could not sign out everywhere`],
  [
    messages.currentPasswordLocked,
    msg`Too many wrong passwords. Your account is locked for a few minutes; try again later.`,
  ],
  [messages.currentPasswordRequired, msg`Current password is required.`],
  [messages.currentPasswordWrong, msg`Your current password is not correct.`],
  [messages.mfaDisabled, msg`MFA Disabled`],
  [messages.mfaEnabled, msg`MFA Enabled`],
  [messages.noFundingCardYour, msg`Please enter your funding card to subscribe`],
  [messages.passwordChanged, msg`Password changed. Please log in again.`],
  [messages.passwordRequired, msg`Password is required.`],
  [messages.passwordTooLong, msg`Password must be at most 128 characters.`],
  [messages.passwordTooShort, msg`Password must be at least 8 characters.`],
  [messages.passwordsMustMatch, msg`Passwords must match.`],
  [
    messages.planChangeWhileCancelled,
    msg`Your subscription is cancelled and will not renew. Keep your subscription first, then change its plan.`,
  ],
  [messages.profileUpdateFailed, msg`Profile Update Failed`],
  [messages.reauthenticateToContinue, msg`For your security, please sign in again to continue`],
  [messages.signedOutEverywhere, msg`Signed out on every device. Please log in again.`],
  [
    messages.socialPasswordChange,
    msg`Your password is managed by the account you sign in with (Google or Facebook).`,
  ],
  [messages.subscriptionCancelled, msg`Subscription cancelled`],
  [messages.subscriptionKept, msg`Your subscription will renew as usual`],
  [messages.subscriptionPaused, msg`Subscription Paused`],
  [messages.subscriptionResumed, msg`Subscription Resumed`],
  [messages.updatedSubscription, msg`Updated subscription`],
  [messages.updatedSuccessfully, msg`Updated successfully`],
  [messages.updatedSuccessfullyCaps, msg`Updated Successfully`],
  [messages.webConfirmDisableSubscription, msg`Are you sure you want to disable your subscription?`],
  [messages.webConfirmEnableSubscription, msg`Are you sure you want to enable your subscription?`],
  [messages.webStatusActive, msg`Active`],
  [messages.webStatusInactive, msg`Inactive`],
  [messages.webStatusPending, msg`Pending Verification`],
  [messages.webEmailVerified, msg`Email verified`],
  [messages.webVerifyEmail, msg`Verify Email`],
  [messages.webSelectSubscription, msg`Select a subscription`],
  [messages.reauthenticateForPassword, msg`Please sign in again to change your password`],
  [messages.reauthenticateForSecurity, msg`Please sign in again to change your security settings`],
  [
    messages.paybackOwed,
    msg`We still owe you a payment; you can delete your account after it is paid back on the 2nd.`,
  ],
  [messages.webWaitingForBank, msg`Waiting for your bank`],
  [
    messages.webWaitingForBankHelp,
    msg`We do not have your bank's answer about this payment yet and are checking with it. Your subscription starts once it is confirmed; if it is not confirmed within the hour, nothing is charged and you can pay again.`,
  ],
  // Push on this device: the browser's refusals, shown in a toast and beside the button.
  [pushMessages.pushOn, msg`Notifications are on for this device`],
  [pushMessages.pushDeviceRemoved, msg`Device removed`],
  [pushMessages.pushTestSent, msg`Test notification sent`],
  [pushMessages.pushUnavailable, msg`Push notifications are not available right now.`],
  [pushMessages.pushServiceRefused, msg`This browser's push service is not supported. Try another browser.`],
  [pushMessages.pushBrowserUnavailable, msg`This browser cannot receive notifications from Pria right now.`],
  [
    pushMessages.pushServiceFailed,
    msg`This browser's push service did not answer, so notifications are not on. Check your connection and try again, or use another browser.`,
  ],
  [
    pushMessages.pushBlocked,
    msg`Notifications are blocked for Pria in this browser. Allow them in the browser's site settings, then try again.`,
  ],
]);
