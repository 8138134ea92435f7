// The machine's ceiling for an answer of a page's size (issue 18): as many processes as the
// measured shop, each a bare node:http server that answers every request with the same bytes
// (the customer's menu page as the shop sent it, gzip and all) and the same kind of headers. No
// Express, no cookie, no cart: what is left is Node's HTTP, the kernel and the load generator.
//
//   node bench/bare-server.mjs <port> <processes> <file with the answer's bytes>
import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [port, processes, file] = process.argv.slice(2);
if (!port || !processes || !file) {
  console.error("Aufruf: node bench/bare-server.mjs <Port> <Prozesse> <Datei>");
  process.exit(2);
}

if (cluster.isPrimary) {
  for (let index = 0; index < Number(processes); index += 1) cluster.fork();
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
} else {
  const body = readFileSync(file);
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Encoding": "gzip",
    "Content-Length": String(body.length),
    "Cache-Control": "private, no-cache",
    Vary: "Accept-Encoding",
  };
  createServer((req, res) => {
    req.resume();
    res.writeHead(200, headers);
    res.end(body);
  }).listen(Number(port), "127.0.0.1");
}
