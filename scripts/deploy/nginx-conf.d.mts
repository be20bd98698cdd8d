export const NGINX_CONF: string;
export function renderNginxConf(
  template: string,
  options: { upstreams: readonly string[]; listen: string; debug?: boolean },
): string;
