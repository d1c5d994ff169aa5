/**
 * Process capture (docs/requirements.md#req-validation-process): the capture's surveys with checkboxes (Fluent `useTableSelection`);
 * only QC-approved surveys are checked at first and only they can be chosen. The others are shown
 * unselectable with the reason. A select-all checkbox takes every processable survey. The engine
 * answers 'Please select at least one survey for processing' when none is.
 */
import { useState } from 'react';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, TableSelectionCell, Text, createTableColumn, makeStyles, tokens, useTableFeatures, useTableSelection, type TableRowId } from '@fluentui/react-components';
import type { Id } from '../../worker/domain/types';
import type { CaptureRow, ProcessChoiceRow } from '../../worker/screens';
import { shortId } from '../../worker/domain/shortId';
import { surveyLabel } from '../../worker/domain/names';
import { DialogForm, formDialog } from '../components/FormDialog';
import { formatDay } from '../components/dates';
import { useAction } from '../app/useAction';
import { useView } from '../engine/hooks';

const useStyles = makeStyles({
  scroll: { maxHeight: '50vh', overflowY: 'auto' },
  reason: { color: tokens.colorNeutralForeground3 },
  unavailable: { color: tokens.colorNeutralForeground3 },
});

const COLUMNS = [createTableColumn<ProcessChoiceRow>({ columnId: 'survey' })];
const NO_ROWS: ProcessChoiceRow[] = [];

type ProcessCaptureFormProps = { capture: Pick<CaptureRow, 'captureId' | 'cpid'>; onClose: () => void };

export const ProcessCaptureDialog = formDialog(ProcessCaptureForm, { wide: true });

/** The survey table and its selection, fresh on each opening. */
function ProcessCaptureForm({ capture, onClose }: ProcessCaptureFormProps) {
  const styles = useStyles();
  const run = useAction();
  const answer = useView({ view: 'processChoices', captureId: capture.captureId });
  const surveys = answer?.rows ?? NO_ROWS;
  const loading = !answer;
  const processable = surveys.filter((s) => s.notSelectable === null).map((s) => s.surveyId);
  // Every processable survey until the user chooses (the surveys arrive a moment after opening).
  const [choice, setSelected] = useState<Set<TableRowId> | null>(null);
  const selected = choice ?? new Set<TableRowId>(processable);

  const {
    getRows,
    selection: { toggleRow, isRowSelected },
  } = useTableFeatures({ columns: COLUMNS, items: surveys, getRowId: (s) => s.surveyId }, [
    useTableSelection({
      selectionMode: 'multiselect',
      selectedItems: selected,
      // Only processable surveys may ever be in the selection.
      onSelectionChange: (_, d) => setSelected(new Set([...d.selectedItems].filter((id) => processable.includes(id as Id)))),
    }),
  ]);
  const chosen = processable.filter((id) => selected.has(id));
  const allChosen = processable.length > 0 && chosen.length === processable.length;
  const toggleAll = () => setSelected(allChosen ? new Set() : new Set(processable));

  return (
    <DialogForm
      title={`Process ${capture.cpid}`}
      onClose={onClose}
      // The pre-checked surveys are still arriving: OK would send fewer than the dialog will show.
      okDisabled={loading}
      onOk={async () => {
        const result = await run({ type: 'processCapture', captureId: capture.captureId, surveyIds: chosen });
        return result.ok ? null : result.error;
      }}
    >
      <Text as="p" block style={{ marginTop: 0 }}>
        Choose the QC-approved surveys to process. {chosen.length} of {processable.length} processable selected.
      </Text>
      <div className={styles.scroll}>
        <Table aria-label={`Surveys of ${capture.cpid}`} size="small">
          <TableHeader>
            <TableRow>
              <TableSelectionCell
                checked={allChosen ? true : chosen.length > 0 ? 'mixed' : false}
                onClick={toggleAll}
                checkboxIndicator={{ 'aria-label': 'Select all processable surveys', disabled: processable.length === 0 }}
              />
              <TableHeaderCell>Survey</TableHeaderCell>
              <TableHeaderCell>Flown On</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {loading && (
              <TableRow>
                <TableCell colSpan={4}>Loading surveys…</TableCell>
              </TableRow>
            )}
            {getRows().map(({ item, rowId }) => {
              const reason = item.notSelectable;
              const id = shortId(item.surveyId);
              const name = surveyLabel(item.surveyId);
              return (
                <TableRow key={rowId} aria-selected={isRowSelected(rowId)} className={reason ? styles.unavailable : undefined}>
                  <TableSelectionCell
                    checked={isRowSelected(rowId)}
                    onClick={(e) => {
                      if (reason === null) toggleRow(e, rowId);
                    }}
                    checkboxIndicator={{ 'aria-label': `Select ${name}`, disabled: reason !== null }}
                  />
                  <TableCell>{id}</TableCell>
                  <TableCell>{formatDay(item.flownOn)}</TableCell>
                  <TableCell>
                    {item.statusLabel}
                    {reason && <span className={styles.reason}> · not selectable: {reason}</span>}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </DialogForm>
  );
}
