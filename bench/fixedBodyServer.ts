// Baseline for the sandbox throughput benchmark: the least a node:http server can do — read
// the request body and answer a fixed body of a given size. Prints its URL as one JSON line.
import { createServer } from 'node:http';

const size = Number(process.argv[2] ?? 1024);
const body = Buffer.alloc(size, 'x');
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(JSON.stringify({ url: `http://127.0.0.1:${address.port}` }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
