import { expect, it } from 'vitest';
import { seedDemoData } from '@infra/demo-data';
import { useTestApi } from '../support/integration';

const { api } = useTestApi();

it('adds the demo catalogue once, usable by the public form and the lot page', async () => {
  const admin = { userID: 1, name: 'Super Admin', email: api.adminEmail, roles: ['super_admin'] };
  expect(await seedDemoData(admin)).toBe(true);
  expect(await seedDemoData(admin)).toBe(false);

  const crops = await api.call('GET', '/api/crops/dropdown');
  expect(crops.json.map((c: { name: string }) => c.name).sort()).toEqual(['Chickpea', 'Mustard', 'Wheat']);
  // Hindi pages show the crops' Hindi names (docs/product-rules.md#crop-names-in-the-pages-language).
  expect(Object.fromEntries(crops.json.map((c: { name: string; nameHi: string }) => [c.name, c.nameHi]))).toEqual({
    Wheat: 'गेहूँ',
    Chickpea: 'चना',
    Mustard: 'सरसों',
  });

  const token = await api.tokenFor('admin');
  // The HSN codes printed on bills of supply (docs/product-rules.md#bill-of-supply).
  const catalogue = await api.call('GET', '/api/crops', { token });
  expect(Object.fromEntries(catalogue.json.map((c: { cropName: string; hsnCode: string }) => [c.cropName, c.hsnCode]))).toEqual({
    Wheat: '1001',
    Chickpea: '0713',
    Mustard: '1207',
  });
  const lots = await api.call('GET', '/api/lots', { token });
  expect(lots.json).toHaveLength(3);
  const lot = await api.call('GET', `/api/lots/by-code/${lots.json[0].lotCode}`);
  expect(lot.status).toBe(200);
  expect(lot.json.producerAadhaarLast4).toBe('0124');

  const home = await api.call('GET', '/api/home/summary');
  expect(home.json.blocks.map((b: { slug: string }) => b.slug)).toEqual(['about']);
});
