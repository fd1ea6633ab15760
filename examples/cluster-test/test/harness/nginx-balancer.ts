import { mkdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { freePort, stopChild, startChild, waitUntil, type Child } from './processes.js';
import { RESOURCE_PATH } from './resource-service.js';
import type { ClusterTools } from './tools.js';

/** Header the test sends to pin a request to instance N through nginx; absent: round robin. */
export const PIN_HEADER = 'x-cluster-instance';
/** Header nginx adds to every answer: the upstream(s) that answered, e.g. `127.0.0.1:41234`. */
export const UPSTREAM_HEADER = 'x-upstream';

/** How long nginx leaves out an instance it could not reach, before trying it again (`fail_timeout`). */
export const FAIL_TIMEOUT_SECONDS = 2;

/** How long nginx keeps an idle connection to an instance (`keepalive_timeout` of each upstream). */
export const UPSTREAM_IDLE_SECONDS = 2;

export interface Balancer {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * nginx in front of the instances, as docs/deployment.md shows it (HTTP/1.1 keep-alive to the
 * upstreams, closed by nginx before the instances would, X-Forwarded-For appended, a retry on another instance only when a connection fails
 * before the request was sent), plus two test-only parts: a pin header that routes a request to
 * one instance, and the X-Upstream answer header. `/reports/` goes to the resource service.
 */
export function nginxConfig(dir: string, listenPort: number, instancePorts: number[], resourcePort: number): string {
  const servers = instancePorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=${FAIL_TIMEOUT_SECONDS}s;`).join('\n');
  const pinned = instancePorts
    .map(
      (port, index) =>
        `  upstream instance${index} {\n    server 127.0.0.1:${port};\n    keepalive 8;\n    keepalive_timeout ${UPSTREAM_IDLE_SECONDS}s;\n  }`,
    )
    .join('\n');
  const pins = instancePorts.map((_, index) => `    ${index} instance${index};`).join('\n');
  return `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events {
  worker_connections 1024;
}
http {
  access_log off;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};

  upstream gatehouse {
${servers}
    keepalive 32;
    # Well below Node's keep-alive timeout (5 s): nginx must drop an idle connection before the
    # instance does, or it may send a POST into a socket the instance is closing (a 502). The
    # 3 s margin covers an instance frozen by a full collection, whose timer then fires late.
    keepalive_timeout ${UPSTREAM_IDLE_SECONDS}s;
  }
${pinned}
  upstream reports {
    server 127.0.0.1:${resourcePort};
    keepalive 8;
    keepalive_timeout ${UPSTREAM_IDLE_SECONDS}s;
  }
  map $http_${PIN_HEADER.replaceAll('-', '_')} $gatehouse_upstream {
    default gatehouse;
${pins}
  }

  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://$gatehouse_upstream;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 3;
      add_header ${UPSTREAM_HEADER} $upstream_addr always;
    }
    location ${RESOURCE_PATH} {
      proxy_pass http://reports;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      add_header ${UPSTREAM_HEADER} $upstream_addr always;
    }
  }
}
`;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Starts nginx in the foreground with its own config, pid file, logs and temp paths under `dir`. */
export async function startBalancer(tools: ClusterTools, dir: string, instancePorts: number[], resourcePort: number): Promise<Balancer> {
  const home = join(dir, 'nginx');
  mkdirSync(home, { mode: 0o755 });
  const port = await freePort();
  const config = join(home, 'nginx.conf');
  writeFileSync(config, nginxConfig(home, port, instancePorts, resourcePort));
  // -p: prefix, so nothing is looked for under /etc/nginx or /var/lib/nginx.
  const child: Child = startChild(
    'nginx',
    tools.nginx,
    ['-p', home, '-c', config, '-e', join(home, 'nginx-error.log')],
    join(home, 'nginx-stdout.log'),
  );
  if (!(await waitUntil(() => listening(port), 10_000)))
    throw new Error(`nginx did not start on port ${port}; see ${home}/nginx-error.log`);
  return { port, url: `http://127.0.0.1:${port}`, stop: async () => void (await stopChild(child, 'SIGQUIT')) };
}
