/**
 * Export and Import of the demo data (issue "Nothing lost, at any size"): a browser profile can be
 * reset, a file survives. Export downloads the world in the all.json shape (version 45, no
 * session); Import reads such a file, lets the engine judge it (restore()'s messages name what is
 * wrong, and a bad file changes nothing), and replaces the world after a confirmation.
 */
import { useRef, useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownload20Regular, ArrowUpload20Regular } from '@fluentui/react-icons';
import { DateTime } from 'luxon';
import { engineClient } from '../../engine/client';
import { useAction } from '../../app/useAction';
import { showFlash } from '../../app/flash';
import { downloadText } from '../../app/download';
import { alertDialog, confirmDialog } from '../../components/presets';
import { alertIfRefused } from '../../app/refusal';

/** Far above any real world (100 000 surveys export to about 120 MB), far below a tab's memory. */
const IMPORT_MAX_BYTES = 512 * 1024 * 1024;

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: '200px minmax(0, 1fr)', alignItems: 'center', gap: tokens.spacingHorizontalL },
  button: { justifyContent: 'flex-start' },
  describe: { color: tokens.colorNeutralForeground2 },
  hidden: { display: 'none' },
});

export function BackupActions() {
  const s = useStyles();
  const act = useAction();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);

  const exportData = async () => {
    setBusy('export');
    try {
      const text = await engineClient().exportWorld();
      downloadText(`aerial-survey-demo-${DateTime.now().toFormat('yyyy-LL-dd-HHmm')}.json`, text, 'application/json');
      showFlash({ category: 'success', text: 'The demo data has been exported' });
    } finally {
      setBusy(null);
    }
  };

  const importFile = async (file: File) => {
    if (file.size > IMPORT_MAX_BYTES) {
      await alertDialog({ title: 'Import demo data', message: `${file.name} is larger than 512 MB: it is not an export of this console.` });
      return;
    }
    const ok = await confirmDialog({
      title: 'Import demo data',
      message: `Replace the demo data with ${file.name}? Every change made in this demo is replaced by the file's; you stay signed in.`,
      okLabel: 'Import',
    });
    if (!ok) return;
    setBusy('import');
    try {
      await alertIfRefused(
        act({ type: 'importWorld', text: await file.text() }),
        'Import demo data',
        (error) => `${file.name} was not imported: ${error}. Nothing was changed.`,
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div className={s.row}>
        <Button className={s.button} icon={<ArrowDownload20Regular />} disabled={busy !== null} onClick={() => void exportData()}>
          {busy === 'export' ? 'Exporting…' : 'Export demo data'}
        </Button>
        <Text className={s.describe}>Downloads everything in this demo as one JSON file, to keep or to open on another laptop.</Text>
      </div>
      <div className={s.row}>
        <Button className={s.button} icon={<ArrowUpload20Regular />} disabled={busy !== null} onClick={() => input.current?.click()}>
          {busy === 'import' ? 'Importing…' : 'Import demo data'}
        </Button>
        <Text className={s.describe}>Replaces the demo data with an exported file, after checking it.</Text>
        <input
          ref={input}
          className={s.hidden}
          type="file"
          accept=".json,application/json"
          aria-label="Demo data file to import"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void importFile(file);
          }}
        />
      </div>
    </>
  );
}
