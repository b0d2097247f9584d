import type { Language } from '../../../src/shared/domain/enums';
import type { MailMessage } from '../../integrations/mail/mailer';

type Template = (link: string) => { subject: string; text: string };

type LinkEmail = 'activation' | 'passwordReset' | 'emailChange' | 'supervisedAccount' | 'accountLocked';

const templates: Record<LinkEmail | 'doubleFactor', Record<Language, Template>> = {
  activation: {
    en: (link) => ({
      subject: 'Activate your Aerogate account',
      text: `Welcome to Aerogate.\n\nActivate your account by opening this link:\n${link}\n\nThe link is valid for 7 days.`,
    }),
    fr: (link) => ({
      subject: 'Activez votre compte Aerogate',
      text: `Bienvenue sur Aerogate.\n\nActivez votre compte en ouvrant ce lien :\n${link}\n\nLe lien est valable 7 jours.`,
    }),
  },
  passwordReset: {
    en: (link) => ({
      subject: 'Reset your Aerogate password',
      text: `A password reset was requested for your account.\n\nChoose a new password here:\n${link}\n\nThe link is valid for 1 hour. If you did not ask for it, ignore this message.`,
    }),
    fr: (link) => ({
      subject: 'Réinitialisez votre mot de passe Aerogate',
      text: `Une réinitialisation du mot de passe a été demandée pour votre compte.\n\nChoisissez un nouveau mot de passe ici :\n${link}\n\nLe lien est valable 1 heure. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
    }),
  },
  emailChange: {
    en: (link) => ({
      subject: 'Confirm your new Aerogate e-mail address',
      text: `Confirm that this address is now the one of your Aerogate account:\n${link}\n\nThe link is valid for 24 hours.`,
    }),
    fr: (link) => ({
      subject: 'Confirmez votre nouvelle adresse e-mail Aerogate',
      text: `Confirmez que cette adresse est désormais celle de votre compte Aerogate :\n${link}\n\nLe lien est valable 24 heures.`,
    }),
  },
  supervisedAccount: {
    en: (link) => ({
      subject: 'Your Aerogate pilot account',
      text: `Your drone operator has created an Aerogate pilot account for you.\n\nChoose your password to activate it:\n${link}\n\nThe link is valid for 7 days.`,
    }),
    fr: (link) => ({
      subject: 'Votre compte pilote Aerogate',
      text: `Votre exploitant de drones vous a créé un compte pilote Aerogate.\n\nChoisissez votre mot de passe pour l’activer :\n${link}\n\nLe lien est valable 7 jours.`,
    }),
  },
  accountLocked: {
    en: (link) => ({
      subject: 'Sign-in to your Aerogate account paused',
      text: `Several wrong passwords were tried on your account, so signing in is paused for a while; the account itself stays open.\n\nIf it was not you, choose a new password here:\n${link}\n\nOtherwise, wait a few minutes and try again.`,
    }),
    fr: (link) => ({
      subject: 'Connexion à votre compte Aerogate suspendue',
      text: `Plusieurs mots de passe erronés ont été essayés sur votre compte : la connexion est suspendue pour un moment, le compte reste ouvert.\n\nSi ce n'était pas vous, choisissez un nouveau mot de passe ici :\n${link}\n\nSinon, patientez quelques minutes puis réessayez.`,
    }),
  },
  doubleFactor: {
    en: (code) => ({ subject: '', text: `Your Aerogate sign-in code: ${code}. It expires in 10 minutes.` }),
    fr: (code) => ({ subject: '', text: `Votre code de connexion Aerogate : ${code}. Il expire dans 10 minutes.` }),
  },
};

export function authEmail(kind: LinkEmail, lang: Language, to: string, link: string): MailMessage {
  return { to, ...templates[kind][lang](link) };
}

export function doubleFactorSms(lang: Language, code: string): string {
  return templates.doubleFactor[lang](code).text;
}
