// A throwaway API server process for the crash test: node:http in front of the real route handlers, its own pool,
// the test's database (from the environment). Prints its port, then serves until killed.
import http from 'node:http';
import { routeFetch, TEST_BASE_URL } from '../api';

const server = http.createServer(async (request, response) => {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string') headers.set(name, value);
    const answer = await routeFetch(`${TEST_BASE_URL}${request.url}`, {
      method: request.method,
      headers,
      body: body.length > 0 ? body : undefined,
    });
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  } catch (error) {
    response.writeHead(500);
    response.end(String(error));
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
