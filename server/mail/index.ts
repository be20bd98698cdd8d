import 'server-only';
export { CustomerMail, REMINDER_BEFORE_MS, type MailSettings, type SendRound } from './customer-mail';
export { emailsOfPayin, type CustomerEmailState } from './mail.repository';
export { renderEmail, type RenderedEmail } from './mail.render';
