import { expect, it } from 'vitest';
import { VIEWER_ADDRESS_HEADER } from '@functions/lib/client-address';
import { useTestApi } from '../support/integration';

/**
 * The handlers take the client's address from the header the edge writes (CloudFront's viewer-address function;
 * locally the gateway, from the socket). A value the client sends under that name never reaches them.
 */
const { api, tokens } = useTestApi('super_admin', 'admin');

it("records the socket's address in the audit log, not the address a client claims", async () => {
  const made = await api.call('POST', '/api/crops', {
    token: tokens.admin,
    body: { cropName: 'Viewer address crop' },
    headers: { [VIEWER_ADDRESS_HEADER]: '203.0.113.250', 'x-forwarded-for': '203.0.113.251' },
  });
  expect(made.status, made.text).toBe(201);
  const r = await api.call('GET', '/api/audit', {
    token: tokens.super_admin,
    query: { action: 'crop.create', target: `crop:${made.json.cropID}` },
  });
  expect(r.status, r.text).toBe(200);
  expect(r.json.items).toHaveLength(1);
  const { sourceIp } = r.json.items[0] as { sourceIp: string };
  expect(sourceIp).toMatch(/^(127\.0\.0\.1|::1)$/);
});
