import 'server-only';
import { SITE_NAME } from '@/lib/catalog/tables';
import { env } from '@/lib/env';
import { composeMail, type MailMessage } from './compose';

export { composeMail, escapeHtml, mailSignature, type MailAttachment, type MailBlock, type MailMessage } from './compose';
export { deliverDue, queueMail, retryDelayMs, sendMail, type DeliveryReport, type MailDelivery } from './outbox';

export function resetPasswordMail(to: string, name: string, link: string): MailMessage {
  return composeMail({
    to,
    subject: `Reset your ${SITE_NAME} password`,
    greeting: `Hi ${name},`,
    blocks: [
      `Someone asked to reset the password of your ${SITE_NAME} account. To choose a new password, open this link within one hour:`,
      { link: { label: 'Choose a new password', url: link } },
      'The link works once. If you did not ask for this, ignore this message: your password stays as it is.',
    ],
    siteUrl: env().SITE_URL,
  });
}

/** After a reset: the account's owner learns of it, so a reset they did not make does not go unnoticed. */
/**
 * The notice of a changed password. By a reset link every device is signed out; from the account's details page the
 * device that changed it stays signed in (`keptDevice`).
 */
export function passwordChangedMail(to: string, name: string, links: { resetEmail: string; phone: string }, keptDevice = false): MailMessage {
  const signedOut = keptDevice ? 'every other device signed in to it was signed out' : 'every device signed in to it was signed out';
  return composeMail({
    to,
    subject: `Your ${SITE_NAME} password was changed`,
    greeting: `Hi ${name},`,
    blocks: [
      `The password of your ${SITE_NAME} account was just changed, and ${signedOut}.`,
      `If you changed it, there is nothing more to do. If you did not, choose a new password now and call us at ${links.phone}:`,
      { link: { label: 'Choose a new password', url: links.resetEmail } },
    ],
    siteUrl: env().SITE_URL,
  });
}

export function finishSignUpMail(to: string, name: string, link: string): MailMessage {
  return composeMail({
    to,
    subject: `Finish creating your ${SITE_NAME} account`,
    greeting: `Hi ${name},`,
    blocks: [
      'Thank you for signing up. To finish creating your account and sign in, open this link within one hour:',
      { link: { label: 'Finish creating my account', url: link } },
      'The link works once. If you did not sign up, ignore this message: no account is created.',
    ],
    siteUrl: env().SITE_URL,
  });
}

/** An owner's invitation to join the salon's staff: the link makes the account, or gives an existing one the role. */
export function staffInvitationMail(to: string, invite: { role: string; invitedBy: string; link: string; days: number }): MailMessage {
  return composeMail({
    to,
    subject: `You are invited to the ${SITE_NAME} staff`,
    greeting: 'Hello,',
    blocks: [
      `${invite.invitedBy} invited you to join ${SITE_NAME} as ${invite.role}. To accept, open this link within ${invite.days} days; it makes your account (or uses the one you have with this address) and signs you in:`,
      { link: { label: 'Accept the invitation', url: invite.link } },
      'The link works once. If you did not expect this, ignore this message: nothing changes.',
    ],
    siteUrl: env().SITE_URL,
  });
}

/** To the owner of an existing account when someone signs up with its address: nothing is created or changed. */
export function signUpAttemptMail(to: string, name: string, links: { signIn: string; reset: string }): MailMessage {
  return composeMail({
    to,
    subject: `Someone tried to create a ${SITE_NAME} account with your address`,
    greeting: `Hi ${name},`,
    blocks: [
      `Someone, maybe you, tried to create a ${SITE_NAME} account with this e-mail address. You already have an account, so nothing was created or changed.`,
      { link: { label: 'Sign in', url: links.signIn } },
      { link: { label: 'Forgot your password? Reset it here', url: links.reset } },
      'If it was not you, you can ignore this message: your account and password stay as they are.',
    ],
    siteUrl: env().SITE_URL,
  });
}

/** To the address of an account just closed: what was erased, and whom to call if it was not the owner. */
export function accountClosedMail(to: string, name: string, phone: string): MailMessage {
  return composeMail({
    to,
    subject: `Your ${SITE_NAME} account is closed`,
    greeting: `Hi ${name},`,
    blocks: [
      `Your ${SITE_NAME} account was just closed. Your name, e-mail address, phone number and password are erased, and we no longer send offers to this address. This is the last message we send you.`,
      `The salon keeps the record of past visits and purchases, without your name or address, as its accounts require.`,
      `If you did not close it, call us at ${phone}.`,
    ],
    siteUrl: env().SITE_URL,
  });
}

/** To a new address an account asked for: the link that makes it the account's address. */
export function confirmEmailChangeMail(to: string, name: string, link: string): MailMessage {
  return composeMail({
    to,
    subject: `Confirm your new ${SITE_NAME} e-mail address`,
    greeting: `Hi ${name},`,
    blocks: [
      `You asked to use this address for your ${SITE_NAME} account. To confirm it, open this link within one hour:`,
      { link: { label: 'Confirm my new address', url: link } },
      'The link works once. If you did not ask for this, ignore this message: nothing changes.',
    ],
    siteUrl: env().SITE_URL,
  });
}

/** To a new address that another account already uses: nothing changes, and nothing says whose account it is. */
export function emailChangeTakenMail(to: string, phone: string): MailMessage {
  return composeMail({
    to,
    subject: `Your ${SITE_NAME} e-mail address was not changed`,
    greeting: 'Hello,',
    blocks: [
      `Someone asked to use this address for a ${SITE_NAME} account, but an account with this address exists already, so nothing was changed.`,
      `If you meant to move your visits to this address, call us at ${phone} and we will help.`,
    ],
    siteUrl: env().SITE_URL,
  });
}

/** To an account's address when a new one was asked for (`done`: when the new one took its place). */
export function emailChangeNoticeMail(to: string, name: string, change: { newEmail: string; phone: string; done: boolean }): MailMessage {
  return composeMail({
    to,
    subject: change.done ? `Your ${SITE_NAME} e-mail address was changed` : `A new e-mail address was asked for your ${SITE_NAME} account`,
    greeting: `Hi ${name},`,
    blocks: [
      change.done
        ? `The e-mail address of your ${SITE_NAME} account is now ${change.newEmail}. We will send your bookings and sign-in links there.`
        : `Someone signed in to your ${SITE_NAME} account asked to use ${change.newEmail} as its address. It changes only when the link we sent there is opened.`,
      `If this was not you, call us at ${change.phone} straight away.`,
    ],
    siteUrl: env().SITE_URL,
  });
}
