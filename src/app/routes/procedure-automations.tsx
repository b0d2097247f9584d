import { Badge, Button, Group, Select, Stack, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyListState, LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { PagedTable } from '@/components/ui/paged-table';
import { useListState } from '@/components/ui/use-list-state';
import { useAutomationRuleMutations, useAutomationRules, useManagedAirspaces } from '@/features/automation-rules/api/automation-rules';
import { AutomationRuleForm } from '@/features/automation-rules/components/automation-rule-form';
import { emptyRuleForm, fromRule, type RuleFormValues } from '@/features/automation-rules/lib/rule-form';
import type { AutomationRule } from '@/shared/contracts/automation-rules';

/** /backoffice/procedureautomations: the automation rules of the airspaces the manager manages. */
export default function ProcedureAutomationsRoute() {
  const { t } = useTranslation('automationRules');
  const airspaces = useManagedAirspaces();
  const list = useListState({ filters: { airspaceId: '' } });
  const { page, setPage } = list;
  // The first managed airspace unless the address names another of them.
  const chosen = airspaces.data?.find((airspace) => airspace.id === list.filters.airspaceId);
  const airspaceId = (chosen ?? airspaces.data?.[0])?.id;
  const rules = useAutomationRules({ airspaceId, page, search: list.params.search });
  const { save, remove, dryRun } = useAutomationRuleMutations();
  const [editing, setEditing] = useState<{ id: string | null; values: RuleFormValues } | null>(null);
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);

  if (airspaces.isPending) return <LoadingState />;
  if (!airspaceId) return <EmptyListState label={t('noAirspace')} />;

  return (
    <Stack>
      <PageHeader
        title={t('title')}
        actions={
          <Button onClick={() => setEditing({ id: null, values: emptyRuleForm(airspaceId) })} disabled={editing !== null}>
            {t('add')}
          </Button>
        }
      />
      <Group>
        <Select
          label={t('airspace')}
          value={airspaceId}
          onChange={(value) => list.setFilter('airspaceId', value ?? '')}
          data={(airspaces.data ?? []).map((airspace) => ({ value: airspace.id, label: `${airspace.name} (${airspace.internalCode})` }))}
          allowDeselect={false}
        />
        <TextInput label={t('search')} value={list.search} onChange={(event) => list.setSearch(event.currentTarget.value)} />
      </Group>
      {editing && (
        <AutomationRuleForm
          key={editing.id ?? 'new'}
          initial={editing.values}
          saving={save.isPending}
          onSave={(body) => save.mutate({ id: editing.id, body }, { onSuccess: () => setEditing(null) })}
          onDryRun={(body) => dryRun.mutateAsync({ ...body, ...(editing.id && { ruleId: editing.id }) })}
          onCancel={() => setEditing(null)}
        />
      )}
      <PagedTable
        state={rules}
        page={page}
        onPage={setPage}
        minWidth={720}
        testId="automation-rules"
        labels={{
          loadFailed: t('loadFailed'),
          empty: t('empty'),
          caption: (total) => t('caption', { count: total }),
          pagination: t('pagination'),
        }}
        head={
          <Table.Tr>
            <Table.Th>{t('columns.priority')}</Table.Th>
            <Table.Th>{t('columns.title')}</Table.Th>
            <Table.Th>{t('columns.mode')}</Table.Th>
            <Table.Th>{t('columns.impactLevels')}</Table.Th>
            <Table.Th>{t('columns.enabled')}</Table.Th>
            <Table.Th>{t('columns.version')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(rule) => (
          <Table.Tr key={rule.id}>
            <Table.Td>{rule.priority}</Table.Td>
            <Table.Td>{rule.title}</Table.Td>
            <Table.Td>{t(`mode.${rule.mode}`)}</Table.Td>
            <Table.Td>
              {rule.impactLevels.length ? rule.impactLevels.map((level) => t(`impact.${level}`)).join(', ') : t('anyImpact')}
            </Table.Td>
            <Table.Td>
              <Badge color={rule.enabled ? 'green' : 'gray'}>{rule.enabled ? t('enabled') : t('disabled')}</Badge>
            </Table.Td>
            <Table.Td>{rule.version}</Table.Td>
            <Table.Td>
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => setEditing({ id: rule.id, values: fromRule(rule) })}>
                  {t('edit')}
                </Button>
                <Button size="xs" variant="default" color="red" onClick={() => setDeleting(rule)}>
                  {t('delete')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { title: deleting?.title ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('form.cancel')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </Stack>
  );
}
