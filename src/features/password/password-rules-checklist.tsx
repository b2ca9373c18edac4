import { List, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkPasswordRules, passwordRules } from '#common/validation/password';

/**
 * Spec §5, live: every rule with whether the password typed so far keeps it. Met and not met are said in words
 * (hidden from sight, read by screen readers), not only by the sign and its colour.
 */
export function PasswordRulesChecklist({
  id,
  password,
  userName,
}: {
  id: string;
  password: string;
  userName: string | null;
}) {
  const { t } = useTranslation('password');
  const results = checkPasswordRules(password, userName);
  // Without a known user name the rule cannot be checked yet (the expired page before an email is typed).
  const shown = passwordRules.filter((rule) => rule !== 'notUserName' || Boolean(userName?.trim()));
  // Nothing typed yet keeps no rule, even those that an empty text cannot break.
  const isMet = (rule: (typeof shown)[number]) => password !== '' && results[rule];
  const metCount = shown.filter(isMet).length;
  return (
    <div id={id}>
      <Text size="sm" fw={500} id={`${id}-title`}>
        {t('rulesTitle', { met: metCount, total: shown.length })}
      </Text>
      <List size="sm" spacing={2} listStyleType="none" aria-labelledby={`${id}-title`}>
        {shown.map((rule) => {
          const met = isMet(rule);
          return (
            <List.Item key={rule} data-rule={rule} data-met={met}>
              <Text span c={met ? 'green.9' : 'red.9'} fw={700} aria-hidden="true" mr={6}>
                {met ? '✓' : '✗'}
              </Text>
              {t(`rules.${rule}`)}
              <VisuallyHidden>{met ? t('ruleMet') : t('ruleNotMet')}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
