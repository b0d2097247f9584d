import { useState } from 'react';
import { Anchor, Badge, Button, Grid, Group, NativeSelect, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyListState, LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { PagedTable } from '@/components/ui/paged-table';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import { useManagedAirspaces } from '@/features/automation-rules/api/automation-rules';
import { useClassificationRuleMutations, useClassificationRules } from '@/features/classification-rules/api/classification-rules';
import { ClassificationRuleForm } from '@/features/classification-rules/components/classification-rule-form';
import { RuleMap } from '@/features/classification-rules/components/rule-map';
import { emptyRuleForm, fromRule, type RuleFormValues } from '@/features/classification-rules/lib/rule-form';
import { IMPACT_COLORS } from '@/features/classification-rules/lib/rule-map';
import { useCan } from '@/lib/authorization';
import { showToast } from '@/lib/toast';
import { CLASSIFICATION_RULE_SORTS, type ClassificationRuleUpdate, type ClassificationRule } from '@/shared/contracts/classification-rules';
import {
  CLASSIFICATION_RULE_TYPES,
  IMPACT_LEVELS,
  RULE_TYPE_NEEDS,
  type ClassificationRuleType,
  type ImpactLevel,
} from '@/shared/domain/request-impact';
import { formatLocale } from '@/lib/format';

type EnabledFilter = '' | 'true' | 'false';

/** /backoffice/procedureclassifications: the classification rules of a managed airspace, listed and on a map. */
export default function ProcedureClassificationsRoute() {
  const { t, i18n } = useTranslation('classificationRules');
  const canEdit = useCan('PROCEDURECLASSIFICATION_EDIT');
  const airspaces = useManagedAirspaces();
  const list = useListState({
    sorts: CLASSIFICATION_RULE_SORTS,
    sort: 'title',
    order: 'asc',
    filters: { airspaceId: '', type: '' as ClassificationRuleType | '', impact: '' as ImpactLevel | '', enabled: '' as EnabledFilter },
    choices: { type: CLASSIFICATION_RULE_TYPES, impact: IMPACT_LEVELS, enabled: ['true', 'false'] },
  });
  const { page, setPage, sort, order, onSort } = list;
  const { type, impact, enabled } = list.filters;
  // One airspace is chosen for the manager; among several, they pick (or the address names one of them).
  const chosen = airspaces.data?.find((each) => each.id === list.filters.airspaceId);
  const airspace = chosen ?? (airspaces.data?.length === 1 ? airspaces.data[0] : undefined);
  const airspaceId = airspace?.id;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string | null; values: RuleFormValues } | null>(null);
  const [deleting, setDeleting] = useState<ClassificationRule | null>(null);
  const rules = useClassificationRules({
    airspaceId,
    page,
    type: type || undefined,
    impact: impact || undefined,
    enabled: enabled === '' ? undefined : enabled === 'true',
    sort,
    order,
  });
  const { save, toggle, remove } = useClassificationRuleMutations();
  const items = rules.data?.items ?? [];

  const saveRule = async (body: ClassificationRuleUpdate) => {
    if (!editing || !airspaceId) return;
    const saved = await save.mutateAsync({ id: editing.id, airspaceId, body });
    showToast({ color: 'teal', message: t('saved', { title: saved.title }), 'data-testid': 'classification-saved' });
    setEditing(null);
    setSelectedId(saved.id);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      showToast({ color: 'teal', message: t('deleted', { title: deleting.title }), 'data-testid': 'classification-deleted' });
    } catch {
      // The api client has shown the error toast.
    } finally {
      setDeleting(null);
    }
  };

  const thresholdText = (rule: ClassificationRule) => {
    const unit = RULE_TYPE_NEEDS[rule.type].unit;
    if (rule.threshold === null || !unit) return '—';
    return `${new Intl.NumberFormat(i18n.language).format(rule.threshold)} ${t(`unit.${unit}`)}`;
  };
  const dateText = (iso: string) => new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'short' }).format(new Date(iso));

  const header = (
    <PageHeader
      title={t('title')}
      actions={
        canEdit && airspaceId ? (
          <Button
            onClick={() => setEditing({ id: null, values: emptyRuleForm() })}
            disabled={editing !== null}
            data-testid="classification-add"
          >
            {t('add')}
          </Button>
        ) : null
      }
    />
  );
  if (!airspaces.data) {
    return (
      <Stack>
        {header}
        {airspaces.isPending ? (
          <LoadingState />
        ) : (
          <Text c="red" role="alert">
            {t('airspacesFailed')}
          </Text>
        )}
      </Stack>
    );
  }
  if (airspaces.data.length === 0) {
    return (
      <Stack>
        {header}
        <EmptyListState label={t('noAirspace')} />
      </Stack>
    );
  }

  return (
    <Stack>
      {header}
      <Select
        label={t('airspace')}
        placeholder={t('chooseAirspace')}
        value={airspaceId ?? null}
        onChange={(value) => {
          list.setFilter('airspaceId', value ?? '');
          setSelectedId(null);
          setEditing(null);
        }}
        data={airspaces.data.map((each) => ({ value: each.id, label: `${each.name} (${each.internalCode})` }))}
        allowDeselect={false}
        maw={420}
        data-testid="classification-airspace"
      />
      {!airspaceId ? (
        <EmptyListState label={t('chooseAirspace')} />
      ) : editing ? (
        <ClassificationRuleForm
          key={editing.id ?? 'new'}
          airspace={airspace}
          otherRules={items.filter((rule) => rule.id !== editing.id)}
          initial={editing.values}
          isNew={editing.id === null}
          saving={save.isPending}
          onSave={saveRule}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, xl: 7 }}>
            <Stack>
              <Group align="flex-end" wrap="wrap">
                <NativeSelect
                  label={t('filters.type')}
                  value={type}
                  onChange={(event) => list.setFilter('type', event.currentTarget.value as ClassificationRuleType | '')}
                  data={[
                    { value: '', label: t('filters.all') },
                    ...CLASSIFICATION_RULE_TYPES.map((value) => ({ value, label: t(`type.${value}`) })),
                  ]}
                  data-testid="filter-type"
                />
                <NativeSelect
                  label={t('filters.impact')}
                  value={impact}
                  onChange={(event) => list.setFilter('impact', event.currentTarget.value as ImpactLevel | '')}
                  data={[{ value: '', label: t('filters.all') }, ...IMPACT_LEVELS.map((value) => ({ value, label: t(`impact.${value}`) }))]}
                  data-testid="filter-impact"
                />
                <NativeSelect
                  label={t('filters.enabled')}
                  value={enabled}
                  onChange={(event) => list.setFilter('enabled', event.currentTarget.value as EnabledFilter)}
                  data={[
                    { value: '', label: t('filters.all') },
                    { value: 'true', label: t('enabled') },
                    { value: 'false', label: t('disabled') },
                  ]}
                  data-testid="filter-enabled"
                />
              </Group>
              <PagedTable
                state={rules}
                page={page}
                onPage={setPage}
                minWidth={760}
                testId="classification-rules"
                labels={{
                  loadFailed: t('loadFailed'),
                  empty: t('empty'),
                  caption: (total) => t('caption', { count: total }),
                  pagination: t('pagination'),
                }}
                head={
                  <Table.Tr>
                    <SortHeader field="title" label={t('columns.title')} sort={sort} order={order} onSort={onSort} />
                    <SortHeader field="type" label={t('columns.type')} sort={sort} order={order} onSort={onSort} />
                    <Table.Th>{t('columns.threshold')}</Table.Th>
                    <SortHeader field="impact" label={t('columns.impact')} sort={sort} order={order} onSort={onSort} />
                    <Table.Th>{t('columns.enabled')}</Table.Th>
                    <SortHeader field="createdAt" label={t('columns.createdAt')} sort={sort} order={order} onSort={onSort} />
                    {canEdit && <Table.Th>{t('columns.actions')}</Table.Th>}
                  </Table.Tr>
                }
                renderRow={(rule) => {
                  const selected = rule.id === selectedId;
                  return (
                    <Table.Tr
                      key={rule.id}
                      data-testid="classification-row"
                      data-selected={selected}
                      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
                    >
                      <Table.Td>
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          aria-pressed={selected}
                          aria-describedby="classification-select-hint"
                          onClick={() => setSelectedId(selected ? null : rule.id)}
                        >
                          {rule.title}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{t(`type.${rule.type}`)}</Table.Td>
                      <Table.Td>{thresholdText(rule)}</Table.Td>
                      <Table.Td>
                        <Badge color={IMPACT_COLORS[rule.impact]}>{t(`impact.${rule.impact}`)}</Badge>
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          checked={rule.enabled}
                          disabled={!canEdit || toggle.isPending}
                          onChange={() => toggle.mutate(rule)}
                          aria-label={t(rule.enabled ? 'disable' : 'enable', { title: rule.title })}
                          data-testid="classification-toggle"
                        />
                      </Table.Td>
                      <Table.Td>{dateText(rule.createdAt)}</Table.Td>
                      {canEdit && (
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Button size="compact-xs" variant="default" onClick={() => setEditing({ id: rule.id, values: fromRule(rule) })}>
                              {t('edit')}
                            </Button>
                            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(rule)}>
                              {t('delete')}
                            </Button>
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                }}
              />
              <Text size="xs" c="dimmed" id="classification-select-hint">
                {t('selectHint')}
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 5 }}>
            <RuleMap airspace={airspace} rules={items} selectedId={selectedId} onSelect={setSelectedId} />
          </Grid.Col>
        </Grid>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { title: deleting?.title ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('form.cancel')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
