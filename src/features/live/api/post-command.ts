import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { OperatorCommand } from '@/shared/contracts/traffic';

/** COMMAND_EDIT_ADMIN: a message to the operator of a flying mission; a failure (no registered terminal) is toasted. */
export async function postOperatorCommand(command: OperatorCommand): Promise<void> {
  await apiClient.post('traffics/commands', command);
}

export function useOperatorCommand() {
  return useMutation({ mutationFn: postOperatorCommand });
}
