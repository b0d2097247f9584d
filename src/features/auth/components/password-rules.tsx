import { List, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passwordProblems, type PasswordIdentity, type PasswordProblem } from '@/shared/domain/password-policy';

const RULES: readonly PasswordProblem[] = ['tooShort', 'lowercase', 'uppercase', 'digit', 'special', 'containsIdentity'];

function hasIdentity(identity: PasswordIdentity | undefined) {
  return !!identity && [identity.email, identity.firstName, identity.lastName].some((part) => !!part?.trim());
}

/** The password policy (spec §5), each rule ticked off live as the user types. */
export function PasswordRules({ password, identity }: { password: string; identity?: PasswordIdentity }) {
  const { t } = useTranslation('auth');
  const problems = new Set(passwordProblems(password, identity));
  return (
    <div data-testid="password-rules">
      <Text size="sm" fw={500} id="password-rules-title">
        {t('passwordRules.title')}
      </Text>
      <List size="sm" spacing={2} aria-labelledby="password-rules-title" aria-live="polite">
        {RULES.map((rule) => {
          // Without the user's e-mail and names (a reset link) the identity rule cannot be checked here: the server does.
          const checkable = rule !== 'containsIdentity' || hasIdentity(identity);
          const met = checkable && password.length > 0 && !problems.has(rule);
          return (
            <List.Item key={rule} c={met ? 'teal' : 'dimmed'} data-met={met} data-testid={`password-rule-${rule}`}>
              <span aria-hidden>{met ? '✓ ' : '○ '}</span>
              {t(`passwordRules.${rule}`)}
              {met && <VisuallyHidden>{t('passwordRules.met')}</VisuallyHidden>}
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
