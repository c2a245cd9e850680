// The round-robin proxy of the cluster tests and docs/operations.md: connections alternate over the
// upstreams, a dead one is skipped, and only when every upstream is down is the client closed.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHostPort, type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy';

/** A TCP server that answers every connection with its name, then closes it. */
async function named(name: string): Promise<net.Server & { port: number }> {
  const server = net.createServer((socket) => socket.end(name));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(server, { port: (server.address() as net.AddressInfo).port });
}

/** Connects through the proxy and reads everything until the close ('' when closed without a word). */
function ask(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

const open: { close: () => unknown }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0)) await thing.close();
});

describe('round-robin proxy', () => {
  it('alternates over the upstreams and skips one that refuses connections', async () => {
    const a = await named('a');
    const b = await named('b');
    const c = await named('c');
    open.push(a, b);
    const proxy: RoundRobinProxy = await startRoundRobinProxy({ upstreams: [a, b, c].map((s) => ({ host: '127.0.0.1', port: s.port })) });
    open.push(proxy);
    expect([await ask(proxy.port), await ask(proxy.port), await ask(proxy.port), await ask(proxy.port)]).toEqual(['a', 'b', 'c', 'a']);
    await new Promise((resolve) => c.close(resolve));
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await ask(proxy.port));
    expect(answers.every((x) => x === 'a' || x === 'b')).toBe(true);
    expect(answers.filter((x) => x === 'a').length).toBeGreaterThanOrEqual(2);
    expect(answers.filter((x) => x === 'b').length).toBeGreaterThanOrEqual(2);
    expect(proxy.served()[2]).toBe(1);
  });

  it('closes the client when every upstream is down', async () => {
    const a = await named('a');
    const port = a.port;
    await new Promise((resolve) => a.close(resolve));
    const proxy = await startRoundRobinProxy({ upstreams: [{ host: '127.0.0.1', port }] });
    open.push(proxy);
    expect(await ask(proxy.port)).toBe('');
  });

  it('reads port, host:port and [v6]:port', () => {
    expect(parseHostPort('8080')).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(parseHostPort('10.0.0.2:3001')).toEqual({ host: '10.0.0.2', port: 3001 });
    expect(parseHostPort('[::1]:3002')).toEqual({ host: '::1', port: 3002 });
    expect(() => parseHostPort('nope')).toThrow('Expected port or host:port');
  });
});
