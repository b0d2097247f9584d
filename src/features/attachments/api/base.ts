export const attachmentsKey = ['attachments'] as const;
