import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DocumentListQuery, DocumentRecord } from '@/shared/contracts/documents';

export const documentsKey = ['documents'] as const;

export function useDocuments(query: DocumentListQuery) {
  return useQuery({
    queryKey: [...documentsKey, 'list', query],
    queryFn: async () =>
      (await apiClient.get<{ items: DocumentRecord[]; total: number; page: number; pageSize: number }>('documents', { params: query }))
        .data,
    placeholderData: keepPreviousData,
  });
}

export function useDocument(id: string | undefined) {
  return useQuery({
    queryKey: [...documentsKey, 'one', id],
    queryFn: async () => (await apiClient.get<DocumentRecord>(`documents/${encodeURIComponent(id ?? '')}`)).data,
    enabled: !!id,
  });
}

export function useGroupChoices(enabled = true) {
  return useQuery({
    queryKey: [...documentsKey, 'groups'],
    queryFn: async () => (await apiClient.get<{ id: string; name: string }[]>('documents/groups')).data,
    enabled,
  });
}

export interface DocumentSave {
  id?: string;
  title: string;
  restrictToGroups: string[];
  file: File | null;
}

/** Multipart: the title, one restrictToGroups entry per group, and the PDF (left out to keep the current one). */
export function toDocumentForm({ title, restrictToGroups, file }: Omit<DocumentSave, 'id'>): FormData {
  const form = new FormData();
  form.append('title', title);
  for (const group of restrictToGroups) form.append('restrictToGroups', group);
  if (file) form.append('file', file, file.name);
  return form;
}

export function useSaveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...fields }: DocumentSave) => {
      const form = toDocumentForm(fields);
      return (
        id
          ? await apiClient.put<DocumentRecord>(`documents/${encodeURIComponent(id)}`, form)
          : await apiClient.post<DocumentRecord>('documents', form)
      ).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`documents/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}

/** The PDF is fetched with the bearer token and opened from memory: a plain link would carry no token. */
export async function openDocumentFile(id: string) {
  const { data } = await apiClient.get<Blob>(`documents/${encodeURIComponent(id)}/file`, { responseType: 'blob' });
  const url = URL.createObjectURL(data);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
