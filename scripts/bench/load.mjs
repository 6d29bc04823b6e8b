// A bounded load test on loopback with autocannon: 50 connections for 10 seconds by default.
import autocannon from 'autocannon';

export async function load(url, { connections = 50, duration = 10, headers = {} } = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    url,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
