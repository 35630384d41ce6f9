import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/integration';
import { scanTable } from '../support/table';

/** Aadhaar numbers of producers and farmers are sealed by the vault: nothing in the table holds one in clear. */
const { api, tokens } = useTestApi('admin');

describe('Aadhaar numbers at rest', () => {
  it('a scan of the whole table finds no 12-digit number, only ciphertext, keyed hashes and last 4 digits', async () => {
    const numbers = ['234567890124', '345678901238', '456789012341', '567890123458', '678901234560'];
    const p = await api.call('POST', '/api/producers', {
      token: tokens.admin,
      body: { name: 'Private Producer', aadhaarNumber: numbers[0], contactNumber: '+9112345678' },
    });
    expect(p.status).toBe(201);
    // Edited to a new number: neither the old nor the new may remain in clear.
    const edit = await api.call('PUT', `/api/producers/${p.json.producerID}`, {
      token: tokens.admin,
      body: { name: 'Private Producer', aadhaarNumber: numbers[1] },
    });
    expect(edit.status).toBe(200);
    const f = await api.call('POST', '/api/farmers', {
      token: tokens.admin,
      body: { name: 'Private Farmer', aadhaarNumber: numbers[2], contactNumber: '9876543210' },
    });
    expect(f.status).toBe(201);
    const f2 = await api.call('POST', '/api/farmers', {
      token: tokens.admin,
      body: {
        name: 'Second Farmer',
        aadhaarNumber: `${numbers[3].slice(0, 4)} ${numbers[3].slice(4, 8)} ${numbers[3].slice(8)}`,
      },
    });
    expect(f2.status).toBe(201);
    await api.call('PUT', `/api/farmers/${f2.json.farmerID}`, {
      token: tokens.admin,
      body: { name: 'Second Farmer', aadhaarNumber: numbers[4] },
    });
    const c = await api.call('POST', '/api/crops', { token: tokens.admin, body: { cropName: 'Wheat' } });
    const lot = await api.call('POST', '/api/lots', {
      token: tokens.admin,
      body: { producerID: p.json.producerID, cropID: c.json.cropID, quantityAvailable: 10, pricePerUnit: 1 },
    });
    expect(lot.status).toBe(201);

    const items = await scanTable();
    const dump = JSON.stringify(items);
    for (const n of numbers) expect(dump).not.toContain(n);
    expect(dump.match(/(?<!\d)\d{12}(?!\d)/g)).toBeNull();

    const producer = items.find((i) => i.pk === `PRODUCER#${p.json.producerID}`)!;
    expect(producer).toMatchObject({ aadhaarLast4: numbers[1].slice(-4) });
    expect(String(producer.aadhaarEnc)).toMatch(/^v1\./);
    expect(String(producer.aadhaarHash)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(producer).not.toHaveProperty('aadhaarNumber');
    const farmer = items.find((i) => i.pk === `FARMER#${f.json.farmerID}`)!;
    expect(farmer).toMatchObject({ aadhaarLast4: numbers[2].slice(-4) });
    expect(farmer).not.toHaveProperty('aadhaarNumber');

    // The public lot page gets the last 4 digits only.
    const pub = await api.call('GET', `/api/lots/by-code/${lot.json.lotCode}`);
    expect(pub.json.producerAadhaarLast4).toBe(numbers[1].slice(-4));
    expect(pub.text).not.toContain(numbers[1]);
  });
});
