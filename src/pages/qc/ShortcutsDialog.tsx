/** `?` on the QC page or the viewer: the keyboard shortcuts, as a table a screen reader can read. */
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { DialogForm, FormDialog } from '../../components/FormDialog';

const SHORTCUTS: [string, string][] = [
  ['← →', 'Previous / next camera'],
  ['↑ ↓', 'Previous / next frame'],
  ['Home / End', 'First / last camera of the row'],
  ['Ctrl+Home / Ctrl+End', 'First / last frame of the line'],
  ['PageUp / PageDown', 'One screen of frames up / down'],
  ['Enter', 'Open the frame in the viewer'],
  ['F', 'Flag the frame (reason and note)'],
  ['U', 'Unflag the frame'],
  ['S', "Accept the pre-screen's suggestion as a flag"],
  ['N / P', 'Next / previous flagged frame of the survey (across lines)'],
  ['Shift+F10 / Menu key', "The frame's menu (also a right-click)"],
  ['Esc', 'Back to the grid (in the viewer)'],
  ['?', 'This list'],
];

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <DialogForm title="Keyboard shortcuts" okLabel="Close" hideCancel onClose={onClose}>
        <Table size="small" aria-label="Keyboard shortcuts">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Key</TableHeaderCell>
              <TableHeaderCell>Does</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {SHORTCUTS.map(([key, does]) => (
              <TableRow key={key}>
                <TableCell>
                  <kbd>{key}</kbd>
                </TableCell>
                <TableCell>{does}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogForm>
    </FormDialog>
  );
}
