import { Alert, Anchor, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import type { ChainingMode, SigningLink } from '@paraphe/contracts';

/** One signer's link: their name, the address (selectable), Copy and Open. */
function LinkRow({ link, index, t }: { link: SigningLink; index: number; t: TFunction }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {index + 1}. {link.name}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          readOnly
          value={link.url}
          aria-label={t('signingLinkOf', { ns: 'signatures', name: link.name })}
          style={{ flex: 1 }}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? t('linkCopied', { ns: 'signatures' }) : t('copyLink', { ns: 'signatures' })}
            </Button>
          )}
        </CopyButton>
        <Anchor size="sm" href={link.url} target="_blank" rel="noopener noreferrer">
          {t('openLink', { ns: 'signatures' })}
        </Anchor>
      </Group>
    </Stack>
  );
}

/**
 * After a send of a direct or face-to-face request (the sender hands the links over, spec §8): a dialog lists each
 * signer's link in order, with Copy and Open. Direct mode also opens the first link in a new window; a blocked popup
 * is said above the list. E-mail modes: nothing (the invitations carry the links).
 */
export function openSigningLinks(mode: ChainingMode, links: readonly SigningLink[], t: TFunction): void {
  if ((mode !== 'direct' && mode !== 'faceToFace') || links.length === 0) return;
  let blocked = false;
  if (mode === 'direct') {
    // Not the 'noopener' feature: with it window.open always returns null and a block could not be told apart.
    const opened = window.open(links[0]!.url, '_blank');
    if (opened) opened.opener = null;
    else blocked = true;
  }
  modals.open({
    title: t('signingLinks', { ns: 'signatures' }),
    size: 'lg',
    children: (
      <Stack gap="sm">
        {blocked && (
          <Alert color="orange" variant="light">
            {t('popupBlocked', { ns: 'signatures' })}
          </Alert>
        )}
        <Text size="sm">{t(mode === 'direct' ? 'signingLinksDirectHelp' : 'signingLinksHelp', { ns: 'signatures' })}</Text>
        {links.map((link, index) => (
          <LinkRow key={link.signerId} link={link} index={index} t={t} />
        ))}
      </Stack>
    ),
  });
}
