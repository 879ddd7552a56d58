'use client';
// Owns the webhook reads and writes of the portal: endpoints, their delivery logs and the event log, through the
// typed fetch.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/platform/browser/api';
import { useApiQuery } from '@/lib/platform/browser/queries';
import {
  createWebhookEndpointOperation,
  deleteWebhookEndpointOperation,
  listEventsOperation,
  listWebhookDeliveriesOperation,
  listWebhookEndpointsOperation,
  resendWebhookDeliveryOperation,
  rotateWebhookSecretOperation,
  sendWebhookTestEventOperation,
  updateWebhookEndpointOperation,
} from '@/lib/webhooks/contract/routes';

/** Everything webhook-related is refetched after any change. */
const KEYS = [listWebhookEndpointsOperation.id, listWebhookDeliveriesOperation.id];

export function useEndpoints() {
  return useApiQuery(listWebhookEndpointsOperation, { query: { limit: '100' } });
}

/** The log refreshes every 2 s while deliveries are pending, so a test event is seen arriving. */
export function useDeliveries(endpointId: string, page: { limit: number; page: number }) {
  return useApiQuery(
    listWebhookDeliveriesOperation,
    { params: { endpointId }, query: { limit: String(page.limit), page: String(page.page) } },
    {
      refetchInterval: (query) =>
        query.state.data?.items.some((delivery) => delivery.status === 'pending') ? 2_000 : 10_000,
    },
  );
}

export function useWebhookMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(KEYS.map((key) => queryClient.invalidateQueries({ queryKey: [key] }))).then(() => undefined);
  return {
    create: useMutation({
      mutationFn: (body: { url: string; event_types: string[]; description?: string }) =>
        apiFetch(createWebhookEndpointOperation, { body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: { id: string; enabled?: boolean }) =>
        apiFetch(updateWebhookEndpointOperation, { params: { endpointId: id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiFetch(deleteWebhookEndpointOperation, { params: { endpointId: id } }),
      onSuccess: refresh,
    }),
    rotate: useMutation({
      mutationFn: (id: string) =>
        apiFetch(rotateWebhookSecretOperation, { params: { endpointId: id }, body: {} }),
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: (id: string) => apiFetch(sendWebhookTestEventOperation, { params: { endpointId: id } }),
      onSuccess: refresh,
    }),
    resend: useMutation({
      mutationFn: (id: string) => apiFetch(resendWebhookDeliveryOperation, { params: { deliveryId: id } }),
      onSuccess: refresh,
    }),
  };
}

/** The organization's public events, newest first: what its webhooks carried (or would have). */
export function useEvents(query: { limit: number; page: number; type: string | null }) {
  return useApiQuery(
    listEventsOperation,
    {
      query: {
        limit: String(query.limit),
        page: String(query.page),
        ...(query.type ? { type: query.type } : {}),
      },
    },
    { refetchInterval: 15_000 },
  );
}
