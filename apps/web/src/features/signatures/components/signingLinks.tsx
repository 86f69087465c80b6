import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import type { ChainingMode, SigningLink } from '@paraphe/contracts';

/**
 * After a send: in direct mode the first participant's link opens in a new window (the server gives it to the
 * requester only); a blocked popup shows the link instead (spec §8). Face to face lists every link in order.
 */
export function openSigningLinks(mode: ChainingMode, links: readonly SigningLink[], t: TFunction): void {
  const first = links[0];
  if (mode === 'direct' && first) {
    // Not the 'noopener' feature: with it window.open always returns null and a block could not be told apart.
    const opened = window.open(first.url, '_blank');
    if (opened) opened.opener = null;
    else {
      modals.open({
        title: t('signingLinks', { ns: 'signatures' }),
        children: (
          <Alert color="orange" variant="light">
            <Stack gap="xs">
              <Text size="sm">{t('popupBlocked', { ns: 'signatures' })}</Text>
              <Anchor href={first.url} target="_blank" rel="noopener noreferrer">
                {t('openLink', { ns: 'signatures' })} — {first.name}
              </Anchor>
            </Stack>
          </Alert>
        ),
      });
    }
    return;
  }
  if (mode === 'faceToFace' && links.length > 0) {
    modals.open({
      title: t('signingLinks', { ns: 'signatures' }),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('signingLinksHelp', { ns: 'signatures' })}</Text>
          <List type="ordered">
            {links.map((link) => (
              <List.Item key={link.signerId}>
                <Anchor href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
      ),
    });
  }
}
