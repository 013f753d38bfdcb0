// One HTTP request on a connection of its own, closed after the answer, for the tools that start
// services and then stop them (start-all.js, image-check.js): a kept-alive connection would hold
// the stopping service's drain until the client's idle timeout (about HTTP_KEEP_ALIVE_TIMEOUT_MS).
const { Buffer } = require('node:buffer');
const http = require('node:http');

/** Answers the status, headers and body; rejects on a connection error or after `timeoutMs` without an answer. */
function requestOnce(url, { method = 'GET', headers = {}, body, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false, timeout: timeoutMs }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

module.exports = { requestOnce };
