import { apiClient } from '@/lib/api-client';
import type { PushKey, PushSubscribe } from '@/shared/contracts/push';

export async function fetchPushKey(): Promise<string> {
  return (await apiClient.get<PushKey>('push/key')).data.publicKey;
}

export async function registerSubscription(body: PushSubscribe): Promise<void> {
  await apiClient.post('push/subscriptions', body);
}
