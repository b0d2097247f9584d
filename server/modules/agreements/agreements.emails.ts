import type { Language } from '../../../src/shared/domain/enums';
import type { MailMessage } from '../../integrations/mail/mailer';

export type AgreementEmail =
  | { kind: 'validated'; expiresAt: Date }
  | { kind: 'rejected'; reason: string }
  | { kind: 'reminder'; expiresAt: Date; daysBefore: number }
  | { kind: 'expired' }
  | { kind: 'toDecide'; action: 'request' | 'renew'; operator: string };

const day = (date: Date, lang: Language) =>
  date.toLocaleDateString(lang === 'fr' ? 'fr-FR' : 'en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

const templates: Record<Language, (email: AgreementEmail, link: string) => { subject: string; text: string }> = {
  en: (email, link) => {
    switch (email.kind) {
      case 'validated':
        return {
          subject: 'Your Aerogate operator agreement is validated',
          text: `Your operator agreement has been validated. It runs until ${day(email.expiresAt, 'en')}.\n\n${link}`,
        };
      case 'rejected':
        return {
          subject: 'Your Aerogate operator agreement was rejected',
          text: `Your operator agreement was rejected for this reason:\n\n${email.reason}\n\nComplete your file and ask for validation again:\n${link}`,
        };
      case 'reminder':
        return {
          subject: `Your Aerogate operator agreement expires in ${email.daysBefore} day${email.daysBefore > 1 ? 's' : ''}`,
          text: `Your operator agreement expires on ${day(email.expiresAt, 'en')}. Ask for its renewal here:\n${link}`,
        };
      case 'expired':
        return {
          subject: 'Your Aerogate operator agreement has expired',
          text: `Your operator agreement has expired: you can no longer create missions. Ask for a new validation here:\n${link}`,
        };
      case 'toDecide':
        return {
          subject: `${email.operator} asks for ${email.action === 'renew' ? 'the renewal of' : 'the validation of'} its operator agreement`,
          text: `${email.operator} has completed its file and asks for ${email.action === 'renew' ? 'the renewal of' : 'the validation of'} its operator agreement. Check its documents and decide here:\n${link}`,
        };
    }
  },
  fr: (email, link) => {
    switch (email.kind) {
      case 'validated':
        return {
          subject: 'Votre agrément d’exploitant Aerogate est validé',
          text: `Votre agrément d’exploitant a été validé. Il court jusqu’au ${day(email.expiresAt, 'fr')}.\n\n${link}`,
        };
      case 'rejected':
        return {
          subject: 'Votre agrément d’exploitant Aerogate a été refusé',
          text: `Votre agrément d’exploitant a été refusé pour la raison suivante :\n\n${email.reason}\n\nComplétez votre dossier et demandez de nouveau sa validation :\n${link}`,
        };
      case 'reminder':
        return {
          subject: `Votre agrément d’exploitant Aerogate expire dans ${email.daysBefore} jour${email.daysBefore > 1 ? 's' : ''}`,
          text: `Votre agrément d’exploitant expire le ${day(email.expiresAt, 'fr')}. Demandez son renouvellement ici :\n${link}`,
        };
      case 'expired':
        return {
          subject: 'Votre agrément d’exploitant Aerogate a expiré',
          text: `Votre agrément d’exploitant a expiré : vous ne pouvez plus créer de missions. Demandez une nouvelle validation ici :\n${link}`,
        };
      case 'toDecide':
        return {
          subject: `${email.operator} demande ${email.action === 'renew' ? 'le renouvellement' : 'la validation'} de son agrément d’exploitant`,
          text: `${email.operator} a complété son dossier et demande ${email.action === 'renew' ? 'le renouvellement' : 'la validation'} de son agrément d’exploitant. Vérifiez ses documents et décidez ici :\n${link}`,
        };
    }
  },
};

export function agreementEmail(email: AgreementEmail, lang: Language, to: string, link: string): MailMessage {
  return { to, ...templates[lang](email, link) };
}
