import { Paper, Textarea, TextInput } from '@mantine/core';
import { ProblemsAlert } from '../ui/ProblemsAlert.tsx';

type DraftLabelFieldsProps = {
  /** The draft's form (its `label` and `description` fields). */
  form: { getInputProps: (path: 'label' | 'description') => object };
  texts: { label: string; description: string; problems: string };
  problems: readonly { message: string }[];
};

/** A bulk draft's title (required) and description in their box, then what stops its save or send. */
export function DraftLabelFields({ form, texts, problems }: DraftLabelFieldsProps) {
  return (
    <>
      <Paper withBorder p="md">
        <TextInput required label={texts.label} {...form.getInputProps('label')} />
        <Textarea mt="sm" autosize minRows={1} label={texts.description} {...form.getInputProps('description')} />
      </Paper>
      <ProblemsAlert title={texts.problems} problems={problems} />
    </>
  );
}
