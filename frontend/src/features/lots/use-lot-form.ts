import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CreateLotInput, UpdateLotInput, currentYear, type LotResponse } from '@shared/schemas/lots';
import { useStaffForm } from '@web/lib/use-staff-form';
import { createLot, updateLot } from './api';
import { LOT_CODE_PREVIEW_KEY, useLotCodePreview } from './use-lot-code-preview';

export interface LotFormState {
  producerID: string;
  cropID: string;
  year: string;
  isSubsidized: boolean;
  quantityAvailable: string;
  pricePerUnit: string;
}
const emptyForm = (): LotFormState => ({
  producerID: '',
  cropID: '',
  year: String(currentYear()),
  isSubsidized: false,
  quantityAvailable: '',
  pricePerUnit: '',
});
export const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

const inputOf = (f: LotFormState) => ({
  producerID: num(f.producerID),
  cropID: num(f.cropID),
  year: num(f.year),
  quantityAvailable: num(f.quantityAvailable),
  pricePerUnit: num(f.pricePerUnit),
  isSubsidized: f.isSubsidized,
});

const formOf = (l: LotResponse): LotFormState => ({
  producerID: String(l.producerID),
  cropID: String(l.cropID),
  year: String(l.year),
  isSubsidized: l.isSubsidized,
  quantityAvailable: String(l.quantityAvailable),
  pricePerUnit: String(l.pricePerUnit),
});

/**
 * The Lots page's form: a new lot (with its code previewed) or the lot loaded by Edit, whose producer, year
 * and kind are fixed by its code. A new lot's save keeps its producer, crop, year and kind for the next lot
 * (a producer's lots are usually entered together) and empties the quantity and price; the preview then shows
 * the code after the one just given. An edit's save empties the form. Either says which code was saved and
 * reloads the list.
 */
export function useLotForm(canEdit: boolean, reload: () => Promise<void>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<LotResponse | null>(null);
  const staffForm = useStaffForm({
    schema: (editing ? UpdateLotInput : CreateLotInput) as z.ZodType<CreateLotInput | UpdateLotInput>,
    empty: emptyForm,
    toInput: inputOf,
    save: (input) => (editing ? updateLot(editing.lotID, input as UpdateLotInput) : createLot(input as CreateLotInput)),
    savedMessage: (saved) => `${t('catalogue.saved')} ${saved.lotCode}`,
    afterSave: (saved) => (editing ? emptyForm() : { ...formOf(saved), quantityAvailable: '', pricePerUnit: '' }),
    onSaved: async () => {
      setEditing(null);
      // The code just given is taken: the preview asks for the next one.
      await Promise.all([queryClient.invalidateQueries({ queryKey: LOT_CODE_PREVIEW_KEY }), reload()]);
    },
  });
  const { values: form, reset: resetForm, feedback } = staffForm;
  const nextCode = useLotCodePreview(num(form.producerID), num(form.year), form.isSubsidized, !editing && canEdit);

  const cancel = () => {
    resetForm();
    setEditing(null);
  };

  const edit = (l: LotResponse) => {
    setEditing(l);
    resetForm(formOf(l));
    feedback.clear();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return { ...staffForm, editing, preview: editing ? editing.lotCode : nextCode, cancel, edit };
}

export type LotForm = ReturnType<typeof useLotForm>;
