import { useEffect, useRef, useState } from 'react';
import { Anchor, Badge, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { searchMinLength } from '@paraphe/contracts';
import { formatDate } from '../../../shared/format.ts';
import { useGlobalSearch } from '../api.ts';
import { hitLink } from '../links.ts';

/** `search` (spec §2): one box over requests, campaigns, operations and contacts, grouped by kind. */
export function SearchPage() {
  const { t, i18n } = useTranslation('search');
  const [searchParams, setSearchParams] = useSearchParams();
  const urlText = searchParams.get('q') ?? '';
  const [text, setText] = useState(urlText);
  const [debounced] = useDebouncedValue(text, 300);
  // The address keeps the text (a search can be bookmarked); the header's box may change it from outside.
  const written = useRef(urlText);
  useEffect(() => {
    const next = debounced.trim();
    if (next === written.current) return;
    written.current = next;
    setSearchParams(next ? { q: next } : {}, { replace: true });
  }, [debounced, setSearchParams]);
  useEffect(() => {
    if (urlText === written.current) return;
    written.current = urlText;
    setText(urlText);
  }, [urlText]);
  const result = useGlobalSearch(debounced);
  const tooShort = debounced.trim().length < searchMinLength;

  return (
    <Stack>
      <Title order={2}>{t('screens.search')}</Title>
      <TextInput
        size="md"
        autoFocus
        leftSection={<IconSearch size={18} />}
        placeholder={t('placeholder')}
        aria-label={t('screens.search')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {tooShort ? (
        <Text c="dimmed">{t('tooShort', { count: searchMinLength })}</Text>
      ) : result.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(result.data?.groups ?? []).map((group) => (
            <Paper key={group.kind} withBorder p="md" radius="md" component="section" aria-label={t(`kinds.${group.kind}`)}>
              <Group justify="space-between" mb="xs">
                <Title order={3} size="h4">
                  {t(`kinds.${group.kind}`)}
                </Title>
                <Badge variant="light">{group.hits.length}</Badge>
              </Group>
              {group.hits.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('none')}
                </Text>
              ) : (
                <Stack gap={6}>
                  {group.hits.map((hit) => (
                    <div key={hit.id}>
                      <Anchor component={Link} to={hitLink(group.kind, hit)} fw={500}>
                        {hit.title || t('untitled')}
                      </Anchor>
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {[
                          hit.status && t(`statuses.${hit.status}`, { defaultValue: hit.status }),
                          hit.subtitle && group.kind !== 'campaigns' ? hit.subtitle : null,
                          formatDate(hit.createdAt, i18n.language),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </div>
                  ))}
                </Stack>
              )}
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
