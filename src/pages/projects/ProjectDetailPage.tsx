/**
 * /projects/{pid} (docs/requirements.md#req-screen-projects): the project and its captures, each linking to its surveys tab.
 */
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AppLink } from '../../components/AppLink';
import { memo } from 'react';
import type { CaptureRow } from '../../../worker/screens';
import { useView } from '../../engine/hooks';
import { BootSpinner } from '../../shell/BootSpinner';
import { paths } from '../../app/paths';
import { PageHeading } from '../../components/PageHeading';
import { StageStatus } from '../../components/StageStatus';
import { formatDayRange } from '../../components/dates';
import { NotFoundPage } from '../NotFoundPage';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // Columns sized by their content: Fluent's fixed layout gives every column the same width.
  table: { backgroundColor: tokens.colorNeutralBackground1, tableLayout: 'auto' },
  link: { color: tokens.colorBrandForegroundLink },
  muted: { color: tokens.colorNeutralForeground3 },
});

const ProjectCaptureRow = memo(function ProjectCaptureRow({ capture: c }: { capture: CaptureRow }) {
  const s = useStyles();
  return (
    <TableRow>
      <TableCell>
        <AppLink href={paths.capture(c.captureId, 'surveys')} className={s.link}>
          {c.cpid}
        </AppLink>
      </TableCell>
      <TableCell>
        {c.description}
        <div className={s.muted}>
          {c.sfid} · {c.season}
        </div>
      </TableCell>
      <TableCell>{formatDayRange(c.firstFlownOn, c.lastFlownOn)}</TableCell>
      <TableCell>{formatDayRange(c.firstReceivedOn, c.lastReceivedOn)}</TableCell>
      <TableCell>{c.counts.surveys}</TableCell>
      <TableCell>
        <StageStatus stage={c.stage} />
      </TableCell>
    </TableRow>
  );
});

export default function ProjectDetailPage({ projectId }: { projectId: string }) {
  const s = useStyles();
  const answer = useView({ view: 'project', projectId });
  if (!answer) return <BootSpinner label="Loading the project…" />;
  const { project, rows } = answer;
  if (!project) return <NotFoundPage />;
  return (
    <div className={s.root}>
      <PageHeading
        title={`Project ${project.projectId}`}
        subtitle={
          <>
            {rows.length} {rows.length === 1 ? 'capture' : 'captures'} ·{' '}
            <AppLink href={paths.projects()} className={s.link}>
              Back to the project list
            </AppLink>
          </>
        }
      />
      <Table className={s.table} aria-label={`Captures of ${project.projectId}`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Capture</TableHeaderCell>
            <TableHeaderCell>Description</TableHeaderCell>
            <TableHeaderCell>Flown</TableHeaderCell>
            <TableHeaderCell>Received</TableHeaderCell>
            <TableHeaderCell>Surveys</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} className={s.muted}>
                This project has no captures.
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <ProjectCaptureRow key={row.key} capture={row} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
