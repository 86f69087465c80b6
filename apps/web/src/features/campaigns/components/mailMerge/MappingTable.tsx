import { Badge, Code, Select, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { signatoryColumns, type TemplateMapping } from '@paraphe/contracts';
import { placeholder, sourceChoiceOf, withSource } from '../../mailMerge.ts';

type Props = {
  variables: string[];
  /** The campaign's columns (signatory columns, then the signatories' data keys). */
  columns: string[];
  mapping: TemplateMapping;
  /** Variables mapped to a column the signatories do not have. */
  unknown: string[];
  readOnly: boolean;
  onChange: (mapping: TemplateMapping) => void;
};

/** Marks the "fixed value" choice among the columns (no column may be named so: names are trimmed). */
const fixed = ' fixed';

/** One row per variable of the template: the column it takes its value from, or a fixed text; an unmapped one is flagged. */
export function MappingTable({ variables, columns, mapping, unknown, readOnly, onChange }: Props) {
  const { t } = useTranslation('campaigns');
  const columnLabel = (column: string) => ((signatoryColumns as readonly string[]).includes(column) ? t(`mailMerge.columns.${column}`) : column);
  const options = [
    { group: t('mailMerge.mapping.columnsGroup'), items: columns.map((c) => ({ value: c, label: columnLabel(c) })) },
    { group: t('mailMerge.mapping.otherGroup'), items: [{ value: fixed, label: t('mailMerge.mapping.fixed') }] },
  ];

  return (
    <Table verticalSpacing="xs" aria-label={t('mailMerge.mapping.tableLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('mailMerge.mapping.variable')}</Table.Th>
          <Table.Th>{t('mailMerge.mapping.source')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {variables.map((variable) => {
          const choice = sourceChoiceOf(mapping, variable);
          const selected = choice.kind === 'column' ? choice.column : choice.kind === 'value' ? fixed : null;
          const missingColumn = choice.kind === 'column' && unknown.includes(variable);
          const data = missingColumn
            ? [...options, { group: t('mailMerge.mapping.unknownGroup'), items: [{ value: choice.column, label: choice.column }] }]
            : options;
          return (
            <Table.Tr key={variable}>
              <Table.Td w="40%" style={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                <Code>{placeholder(variable)}</Code>
                {choice.kind === 'none' && (
                  <Badge ml={6} color="red" variant="light" size="sm">
                    {t('mailMerge.mapping.unmapped')}
                  </Badge>
                )}
                {missingColumn && (
                  <Badge ml={6} color="orange" variant="light" size="sm">
                    {t('mailMerge.mapping.unknownColumn')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {readOnly ? (
                  <Text size="sm">{choice.kind === 'column' ? columnLabel(choice.column) : choice.kind === 'value' ? `“${choice.value}”` : '—'}</Text>
                ) : (
                  <>
                    <Select
                      size="xs"
                      data={data}
                      value={selected}
                      placeholder={t('mailMerge.mapping.choose')}
                      clearable
                      searchable
                      aria-label={t('mailMerge.mapping.sourceOf', { variable: placeholder(variable) })}
                      error={choice.kind === 'none' || missingColumn}
                      comboboxProps={{ withinPortal: true }}
                      onChange={(value) =>
                        onChange(
                          withSource(
                            mapping,
                            variable,
                            value === null
                              ? { kind: 'none' }
                              : value === fixed
                                ? { kind: 'value', value: choice.kind === 'value' ? choice.value : '' }
                                : { kind: 'column', column: value },
                          ),
                        )
                      }
                    />
                    {choice.kind === 'value' && (
                      <TextInput
                        mt={4}
                        size="xs"
                        value={choice.value}
                        placeholder={t('mailMerge.mapping.fixedPlaceholder')}
                        aria-label={t('mailMerge.mapping.valueOf', { variable: placeholder(variable) })}
                        onChange={(e) => onChange(withSource(mapping, variable, { kind: 'value', value: e.currentTarget.value }))}
                      />
                    )}
                  </>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
