// Plain route handlers: multipart uploads, webhooks and downloads, which tRPC
// cannot express. Each module registers its routes and describes them in the
// OpenAPI document through registerOpenApiPaths.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { adminDownloadRoutes } from './admin-downloads';
import { adminUploadRoutes } from './admin-uploads';
import { huntDownloadRoutes } from './hunt-downloads';
import { mediaUploadRoutes } from './media-upload';
import { stripeWebhookRoutes } from './stripe-webhook';

type RouteModule = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

const modules: RouteModule[] = [adminUploadRoutes, adminDownloadRoutes, stripeWebhookRoutes, mediaUploadRoutes, huntDownloadRoutes];

export async function registerPlainRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const register of modules) await register(app, deps);
}
