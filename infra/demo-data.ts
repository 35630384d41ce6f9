import * as crops from '../functions/crops/service';
import * as content from '../functions/cms/service';
import * as lots from '../functions/lots/service';
import * as producers from '../functions/producers/service';
import { auditTrail } from '../functions/lib/audit-log';
import type { Caller } from '../functions/lib/caller';
import { CropInput } from '../shared/schemas/crops';
import { CreateLotInput } from '../shared/schemas/lots';
import { ProducerInput } from '../shared/schemas/producers';
import { BlockInput } from '../shared/schemas/cms';
import { DEFAULT_PAGES } from '../functions/home/default-pages';

/**
 * Demo data for a first look at the product (`SEED_DEMO_DATA=1 npm start`): the three crops the
 * institute sells, one producer, a lot of each crop, the home page's about block, and the notice and
 * required pages with their built-in text. Goes through the
 * same services and schemas as the API. Does nothing when crops already exist.
 */
export async function seedDemoData(admin: Caller): Promise<boolean> {
  if ((await crops.list({ includeInactive: true, take: 1 })).length > 0) return false;
  // Recorded in the audit log like the same writes through the API, as the seeding admin.
  const audit = (action: Parameters<typeof auditTrail>[0]) => auditTrail(action, admin, 'demo-data');

  const producer = await producers.create(
    ProducerInput.parse({
      name: 'Demo Seed Farm',
      aadhaarNumber: '234567890124',
      contactNumber: '+919876543210',
      address: 'Kalyanpur, Kanpur',
    }),
    audit('producer.create'),
  );
  const year = new Date().getFullYear();
  const crop = [
    { cropName: 'Wheat', cropNameHi: 'गेहूँ', description: 'Certified seed, 40 kg bags', hsnCode: '1001', price: 35, stock: 20000 },
    {
      cropName: 'Chickpea',
      cropNameHi: 'चना',
      description: 'Certified seed, sold by the kg',
      hsnCode: '0713',
      price: 95,
      stock: 3000,
    },
    {
      cropName: 'Mustard',
      cropNameHi: 'सरसों',
      description: 'Certified seed, sold by the kg',
      hsnCode: '1207',
      price: 120,
      stock: 1500,
    },
  ];
  for (const c of crop) {
    const created = await crops.create(
      CropInput.parse({ cropName: c.cropName, cropNameHi: c.cropNameHi, description: c.description, hsnCode: c.hsnCode }),
      audit('crop.create'),
    );
    await lots.create(
      CreateLotInput.parse({
        producerID: producer.producerID,
        cropID: created.cropID,
        year,
        quantityAvailable: c.stock,
        pricePerUnit: c.price,
        isSubsidized: c.cropName === 'Wheat',
      }),
      audit('lot.create'),
    );
  }
  await content.saveBlock(
    0,
    BlockInput.parse({
      slug: 'about',
      title: 'About the seed portal',
      body: 'Register online for certified seed, then come to the counter on the date and shift printed on your appointment letter with your original Aadhaar card.\nऑनलाइन पंजीकरण करें और अपॉइंटमेंट पत्र पर लिखी तारीख और पाली में मूल आधार कार्ड के साथ काउंटर पर आएँ।',
      sortOrder: 0,
      isActive: true,
    }),
    admin,
    audit('content-block.create'),
  );
  // The notice and the required pages as editable blocks, first saved with the built-in text.
  for (const [slug, text] of Object.entries(DEFAULT_PAGES)) {
    await content.saveBlock(
      0,
      BlockInput.parse({ slug, ...text, sortOrder: 0, isActive: true }),
      admin,
      audit('content-block.create'),
    );
  }
  return true;
}
