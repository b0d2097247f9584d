import { useState } from 'react';
import { Badge, Button, Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountPicker } from '@/components/ui/account-picker';
import { applyServerFieldErrors, contractResolver, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { GROUP_LEVELS, groupInputSchema, RIGHT_AREAS, type GroupDetail, type GroupMember } from '@/shared/contracts/groups';
import { useCreateGroup } from '../api/create-group';
import { useMemberSearch } from '../api/search-members';
import { useUpdateGroup } from '../api/update-group';

export interface GroupFormValues {
  name: string;
  rights: string[];
  level: string;
  memberIds: string[];
}

const FIELDS = Object.keys(groupInputSchema.shape);
const resolver = contractResolver(groupInputSchema, { toInput: (values: GroupFormValues) => values });

export interface GroupFormProps {
  group?: GroupDetail;
  onSaved: (group: GroupDetail) => void;
}

/** Name, level, rights by area (at least one) and members; a system group keeps its name. */
export function GroupForm({ group, onSaved }: GroupFormProps) {
  const { t } = useTranslation('groups');
  const errorText = useFieldErrorText();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const [members, setMembers] = useState<GroupMember[]>(group?.members ?? []);
  const isSystem = group?.kind === 'system';
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: {
      name: group?.name ?? '',
      rights: group?.rights ?? [],
      level: group?.level ?? 'basic',
      memberIds: group?.members.map((member) => member.id) ?? [],
    },
  });

  const changeMembers = (next: GroupMember[]) => {
    setMembers(next);
    setValue(
      'memberIds',
      next.map((member) => member.id),
    );
  };

  const submit = handleSubmit(async (values) => {
    try {
      const saved = group ? await update.mutateAsync({ id: group.id, body: values }) : await create.mutateAsync(values);
      showToast({ color: 'teal', message: t('saved'), 'data-testid': 'group-saved' });
      onSaved(saved);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t(group ? 'editTitle' : 'addTitle')} data-testid="group-form">
      <Stack>
        <Fieldset legend={t('sections.group')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.name')}
              required
              readOnly={isSystem}
              description={isSystem ? t('systemNameHint') : undefined}
              error={errorText(errors.name?.message)}
              {...register('name')}
            />
            <Controller
              control={control}
              name="level"
              render={({ field }) => (
                <Select
                  label={t('fields.level')}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'basic')}
                  allowDeselect={false}
                  data={GROUP_LEVELS.map((value) => ({ value, label: t(`levels.${value}`) }))}
                />
              )}
            />
          </SimpleGrid>
          <Group mt="md" gap="xs">
            <Text size="sm">{t('fields.kind')}</Text>
            <Badge variant="light" color={isSystem ? 'grape' : 'blue'} data-testid="group-kind">
              {t(`kinds.${group?.kind ?? 'normal'}`)}
            </Badge>
          </Group>
        </Fieldset>

        <Fieldset legend={t('sections.rights')}>
          <Controller
            control={control}
            name="rights"
            render={({ field }) => (
              <Checkbox.Group
                value={field.value}
                onChange={field.onChange}
                error={errorText(errors.rights?.message)}
                data-testid="group-rights"
              >
                <Stack gap="md">
                  {Object.entries(RIGHT_AREAS).map(([area, rights]) => (
                    <Stack key={area} gap={6} role="group" aria-labelledby={`rights-area-${area}`}>
                      <Text fw={600} size="sm" id={`rights-area-${area}`}>
                        {t(`areas.${area}`)}
                      </Text>
                      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={6}>
                        {rights.map((right) => (
                          <Checkbox key={right} value={right} label={t(`rights.${right}`)} description={right} />
                        ))}
                      </SimpleGrid>
                    </Stack>
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
        </Fieldset>

        <Fieldset legend={t('sections.members')}>
          <AccountPicker
            accounts={members}
            useCandidates={useMemberSearch}
            labels={{
              add: t('members.add'),
              placeholder: t('members.searchPlaceholder'),
              noneFound: t('members.noneFound'),
              none: t('members.none'),
              remove: (email) => t('members.remove', { name: email }),
            }}
            testIds={{ search: 'group-member-search', table: 'group-members', row: 'group-member' }}
            onChange={changeMembers}
          />
        </Fieldset>

        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || update.isPending} data-testid="group-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
