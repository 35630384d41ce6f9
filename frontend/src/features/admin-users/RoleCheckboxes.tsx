import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useTranslation } from 'react-i18next';
import type { RoleResponse } from '@shared/schemas/admin';
import { roleLabel } from '@web/lib/role-label';

/** One checkbox per role; `selected` holds role ids. */
export function RoleCheckboxes({
  roles,
  selected,
  onChange,
  label,
  dense = false,
}: {
  roles: readonly RoleResponse[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  label: string;
  dense?: boolean;
}) {
  const { t } = useTranslation();
  const toggle = (id: number, on: boolean) => onChange(on ? [...new Set([...selected, id])] : selected.filter((r) => r !== id));
  return (
    <FormGroup row role="group" aria-label={label} sx={{ columnGap: dense ? 0 : 1, flexWrap: 'wrap' }}>
      {roles.map((r) => (
        <FormControlLabel
          key={r.roleID}
          label={roleLabel(t, r.name)}
          title={r.description}
          sx={dense ? { mr: 1, '& .MuiFormControlLabel-label': { fontSize: 14 } } : undefined}
          control={
            <Checkbox
              size="small"
              checked={selected.includes(r.roleID)}
              onChange={(e) => toggle(r.roleID, e.target.checked)}
              slotProps={{ input: { name: `role-${r.name}` } as Record<string, unknown> }}
            />
          }
        />
      ))}
    </FormGroup>
  );
}
