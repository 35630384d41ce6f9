import { describe, expect, it } from 'vitest';
import { joinBlock } from '@shared/schemas/registration';
import { farmerAddress } from './farmer-of-registration';

describe('farmerAddress', () => {
  it('lists village, block, sub-district and district, without the form’s block separator', () => {
    expect(farmerAddress('Rampur', joinBlock('Sadar', 'Mohanlalganj'), 'Lucknow')).toBe('Rampur, Sadar, Mohanlalganj, Lucknow');
  });

  it('leaves out empty parts', () => {
    expect(farmerAddress('Rampur', 'Sadar', 'Lucknow')).toBe('Rampur, Sadar, Lucknow');
    expect(farmerAddress('', joinBlock('Sadar', ''), 'Lucknow')).toBe('Sadar, Lucknow');
  });
});
