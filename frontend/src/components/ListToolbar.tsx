import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface ListToolbarProps {
  searchLabel: string;
  /** Called with the trimmed text when Enter is pressed in the search field. */
  onSearch: (text: string) => void;
  includeInactive: boolean;
  onIncludeInactiveChange: (checked: boolean) => void;
  onRefresh: () => void;
  /** The search field's width in the row. */
  searchSx: { flex: string; maxWidth: number };
  /** Under the search field instead of the default "Press Enter to search". */
  searchHint?: string;
}

/** Above a catalogue list: a search field that searches on Enter, "Include inactive" and Refresh. */
export function ListToolbar({
  searchLabel,
  onSearch,
  includeInactive,
  onIncludeInactiveChange,
  onRefresh,
  searchSx,
  searchHint,
}: ListToolbarProps) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
      <TextField
        label={searchLabel}
        type="search"
        size="small"
        value={searchText}
        onChange={(e) => setSearchText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onSearch(searchText.trim());
          }
        }}
        helperText={searchHint ?? t('catalogue.searchHint')}
        sx={searchSx}
      />
      <FormControlLabel
        control={<Checkbox checked={includeInactive} onChange={(e) => onIncludeInactiveChange(e.target.checked)} />}
        label={t('catalogue.includeInactive')}
      />
      <Button variant="outlined" onClick={onRefresh}>
        {t('catalogue.refresh')}
      </Button>
    </Box>
  );
}
