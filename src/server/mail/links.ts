// Where mailed links point (decision 992): PUBLIC_URL, or the origin the request was sent to when it is unset.
import type { Context } from '../context';

export function mailedLink(ctx: Pick<Context, 'config' | 'requestOrigin'>, path: string, token: string): string {
  const base = (ctx.config.PUBLIC_URL ?? ctx.requestOrigin).replace(/\/+$/, '');
  return `${base}${path}?token=${encodeURIComponent(token)}`;
}
