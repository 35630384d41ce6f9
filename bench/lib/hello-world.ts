/** The baseline of bench/cold-start.ts: the smallest possible HTTP API handler, bundled like the area functions. */
export const handler = async () => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json' },
  body: '{"hello":"world"}',
});
