// deploy/nginx/payin.conf for a given set of instances: used by scripts/deploy/multi-instance.mjs
// (the deployment test) and by the container image's proxy (deploy/docker), so both run the file
// production uses. By hand:
//
//   node scripts/deploy/nginx-conf.mjs --listen 80 payin1:3000 payin2:3000 payin3:3000 > payin.conf
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const NGINX_CONF = fileURLToPath(new URL('../../deploy/nginx/payin.conf', import.meta.url));

/**
 * The file with its "@instance" lines replaced by one line per upstream address (with the first
 * one's settings), its "@listen" line listening on `listen` (a port or address:port), and with
 * `debug` its "@debug" lines switched on.
 */
export function renderNginxConf(template, { upstreams, listen, debug = false }) {
  const lines = template.split('\n');
  const instance = lines.find((line) => line.includes('# @instance'));
  if (!instance || !lines.some((line) => line.includes('# @listen')))
    throw new Error('deploy/nginx/payin.conf: no "@instance" or "@listen" line');
  const rendered = [];
  for (const line of lines) {
    if (line === instance) {
      for (const upstream of upstreams)
        rendered.push(line.replace(/server\s+\S+/, `server ${upstream}`).replace(/\s*# @instance.*$/, ''));
    } else if (line.includes('# @instance')) {
      continue;
    } else if (line.includes('# @listen')) {
      rendered.push(line.replace(/listen\s+\S+;/, `listen ${listen};`).replace(/\s*# @listen.*$/, ''));
    } else if (debug && line.includes('# @debug')) {
      rendered.push(line.replace(/^(\s*)# /, '$1').replace(/\s*# @debug.*$/, ''));
    } else {
      rendered.push(line);
    }
  }
  return rendered.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--listen');
  const listen = at >= 0 ? args.splice(at, 2)[1] : '80';
  if (args.length === 0) {
    process.stderr.write('usage: node scripts/deploy/nginx-conf.mjs [--listen 80] host:port…\n');
    process.exit(2);
  }
  process.stdout.write(renderNginxConf(readFileSync(NGINX_CONF, 'utf8'), { upstreams: args, listen }));
}
