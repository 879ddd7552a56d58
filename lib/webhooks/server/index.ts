// Owns the webhooks area's server API: the only server file of webhooks that route files, other areas and the
// aggregators import — endpoint management, the deliveries log and re-sends, the events API. The delivery engine
// (drain, pump, enqueue, signing) is platform machinery in lib/platform/webhook-delivery, which these files use and
// which never imports them. Files inside lib/webhooks/server import each other directly, never through this one.
export { listDeliveries, resendDelivery } from './deliveries';
export {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  sendTestEvent,
  updateEndpoint,
} from './endpoints';
export { getEvent, listEvents } from './events';
