import { useState } from 'react';
import { Button, FileInput, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, apiFieldErrors } from '@/lib/api-client';
import { useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME, documentFieldsSchema, type DocumentRecord } from '@/shared/contracts/documents';
import { fieldErrorsOf } from './field-errors';
import { useGroupChoices, useSaveDocument } from '../api/documents';

type Errors = Partial<Record<'title' | 'restrictToGroups' | 'file', string>>;

/** What the form refuses before sending: the schema's rules, a missing file on creation, a file too big or not a PDF. */
export function checkDocument(values: { title: string; restrictToGroups: string[]; file: File | null }, creating: boolean): Errors {
  const errors: Errors = {};
  const parsed = documentFieldsSchema.safeParse({ title: values.title, restrictToGroups: values.restrictToGroups });
  if (!parsed.success) Object.assign(errors, fieldErrorsOf(parsed.error));
  if (creating && !values.file) errors.file = 'validation:fileRequired';
  else if (values.file && values.file.size > DOCUMENT_MAX_BYTES) errors.file = 'errors:UPLOAD_TOO_BIG';
  else if (values.file && values.file.type && values.file.type !== DOCUMENT_MIME) errors.file = 'errors:UPLOAD_INVALID_TYPE';
  return errors;
}

export function DocumentForm({ document, onSaved }: { document?: DocumentRecord; onSaved: () => void }) {
  const { t } = useTranslation('documents');
  const errorText = useFieldErrorText();
  const groups = useGroupChoices();
  const save = useSaveDocument();
  const [title, setTitle] = useState(document?.title ?? '');
  const [restrictToGroups, setGroups] = useState<string[]>(document?.restrictToGroups.map((group) => group.id) ?? []);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const groupOptions = (groups.data ?? document?.restrictToGroups ?? []).map((group) => ({ value: group.id, label: group.name }));
  // Upload refusals (type, size) are about the file: shown under it as well as in the toast.
  const message = (key: string | undefined) => (key?.startsWith('errors:') ? t(key) : errorText(key));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = checkDocument({ title, restrictToGroups, file }, !document);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ id: document?.id, title, restrictToGroups, file });
      showToast({ color: 'teal', message: t('saved'), 'data-testid': 'document-saved' });
      onSaved();
    } catch (error) {
      const code = apiErrorCode(error);
      const fields = apiFieldErrors(error);
      setErrors({
        title: fields.title?.[0],
        restrictToGroups: fields.restrictToGroups?.[0],
        file: fields.file?.[0] ?? (code?.startsWith('UPLOAD_') ? `errors:${code}` : undefined),
      });
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(document ? 'editTitle' : 'addTitle')}
      data-testid="document-form"
    >
      <Stack maw={640}>
        <TextInput
          label={t('fields.title')}
          required
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={message(errors.title)}
        />
        <MultiSelect
          label={t('fields.restrictToGroups')}
          description={t('restrictHint')}
          data={groupOptions}
          value={restrictToGroups}
          onChange={setGroups}
          searchable
          error={message(errors.restrictToGroups)}
          data-testid="document-groups"
        />
        <FileInput
          label={t('fields.file')}
          description={t('fileHint', { max: DOCUMENT_MAX_BYTES / 1024 / 1024 })}
          accept={DOCUMENT_MIME}
          required={!document}
          clearable
          value={file}
          onChange={setFile}
          error={message(errors.file)}
          data-testid="document-file"
        />
        {document && (
          <Text size="sm" c="dimmed">
            {t('currentFile', { name: document.fileName })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="document-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
